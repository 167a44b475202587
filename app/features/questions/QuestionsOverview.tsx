import { pluralize } from '../../lib/format';
import { navigate } from '../../lib/url-state';
import { questionsUrl, runFromParam, runToParam } from '../../links/questions';
import { useScreenView } from '../../links/use-screen-view';
import type { DriftAnalysis } from '../../model/drift/analyze';
import { DRIFT_FLAG_KINDS, DRIFT_FLAGS } from '../../model/drift/flags';
import { runLabel } from '../../model/drift/format-time';
import { DriftSummary } from './DriftSummary';
import { QuestionList } from './QuestionList';

export function QuestionsOverview({ analysis }: { analysis: DriftAnalysis }) {
  const { flag, listRun: run } = useScreenView(questionsUrl);
  const rows = analysis.questionRuns.filter((r) => (run === undefined || r.runId === run) && (!flag || r.flagCounts[flag] > 0));

  return (
    <>
      <DriftSummary analysis={analysis} />
      <section className="panel" aria-label="Questions">
        <div className="toolbar">
          <h2 className="toolbar-title">Questions by run</h2>
          <select aria-label="Flag" value={flag ?? ''} onChange={(e) => navigate(questionsUrl.changed({ flag: DRIFT_FLAG_KINDS.find((kind) => kind === e.currentTarget.value) ?? null }))}>
            <option value="">Any flag or none</option>
            {DRIFT_FLAG_KINDS.map((kind) => <option key={kind} value={kind}>{DRIFT_FLAGS[kind].label}</option>)}
          </select>
          <select aria-label="Run" value={run === undefined ? '' : runToParam(run)} onChange={(e) => navigate(questionsUrl.changed({ listRun: runFromParam(e.currentTarget.value) }))}>
            <option value="">All runs</option>
            {analysis.runIds.map((id) => <option key={runToParam(id)} value={runToParam(id)}>{runLabel(id)}</option>)}
          </select>
          <span className="text-soft">{pluralize(rows.length, 'question-run')}</span>
          {analysis.runIds.length > 1 && (
            <button type="button" className="button toolbar-end" onClick={() => navigate(questionsUrl.changed({ compare: true }))}>Compare runs</button>
          )}
        </div>
        <QuestionList rows={rows} />
        {analysis.unrunQuestionIds.length > 0 && (
          <p className="text-soft">Defined but never worked on by any run: {analysis.unrunQuestionIds.join(', ')}.</p>
        )}
      </section>
    </>
  );
}
