import { useQuery } from '@tanstack/react-query';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { QueryState } from '../../components/QueryState';
import { pluralize } from '../../lib/format';
import { questionsUrl, runToParam } from '../../links/questions';
import { useScreenView } from '../../links/use-screen-view';
import { useDataset } from '../../session/dataset';
import { driftAnalysisOptions } from '../../queries/drift';
import { CompareRuns } from './CompareRuns';
import { QuestionDetail } from './QuestionDetail';
import { QuestionsOverview } from './QuestionsOverview';
import './questions.css';

/** Multi-hop questions: the sub-question registry of each run, its drift flags and its evidence. */
export default function QuestionsScreen() {
  const dataset = useDataset();
  const { question: questionId, run: wanted, compare } = useScreenView(questionsUrl);
  const analysis = useQuery(driftAnalysisOptions(dataset));

  if (nothingToShow(dataset)) {
    return <EmptyDataset what="Multi-hop questions then appear here, one row per question and run, with their search-drift flags." />;
  }
  if (!analysis.data) return <QueryState query={analysis} label="the search-drift analysis" />;
  const { data } = analysis;
  if (data.questionRuns.length === 0) return <NoQuestions definedOnly={data.unrunQuestionIds.length} />;

  if (compare) return <CompareRuns analysis={data} />;
  if (questionId) {
    const runs = data.questionRuns.filter((r) => r.questionId === questionId);
    const run = runs.find((r) => r.runId === wanted) ?? (wanted === undefined ? runs[0] : undefined);
    if (run) return <QuestionDetail run={run} analysis={data} />;
    return (
      <div className="empty-state panel" role="alert">
        <h2>No such question-run</h2>
        <p>No loaded events belong to question <code>{questionId}</code>{wanted !== undefined ? <> in run <code>{runToParam(wanted)}</code></> : null}.</p>
      </div>
    );
  }
  return <QuestionsOverview analysis={data} />;
}

function NoQuestions({ definedOnly }: { definedOnly: number }) {
  return (
    <div className="empty-state panel">
      <h2>No multi-hop questions</h2>
      <p>
        This screen needs the events of a multi-hop agent: <code>subquestion</code> (the registry’s state changes),{' '}
        <code>retrieval</code> and <code>response</code> events carrying a <code>question_id</code>, and <code>question</code> events
        with <code>entities</code> and <code>gold_evidence_ids</code> for the evidence checks.
      </p>
      <p className="text-soft">
        {definedOnly
          ? `${pluralize(definedOnly, 'question event')} ${definedOnly === 1 ? 'is' : 'are'} loaded, but no sub-question, retrieval or response names ${definedOnly === 1 ? 'it' : 'them'}.`
          : 'None of the loaded events names a question. The bundled multihop-qa.json sample has 12 questions in two runs.'}
      </p>
    </div>
  );
}
