import { Link } from '../../components/Link';
import { navigate } from '../../lib/url-state';
import { questionsUrl } from '../../links/questions';
import { sessionsUrl } from '../../links/sessions';
import type { QuestionRunAnalysis } from '../../model/drift/analyze';
import { runLabel } from '../../model/drift/format-time';
import { AnswerCheck } from '../../components/AnswerCheck';

export function QuestionHeader({ run, runsOfQuestion }: { run: QuestionRunAnalysis; runsOfQuestion: QuestionRunAnalysis[] }) {
  const definition = run.definition;
  const answer = run.finalAnswer;
  return (
    <section className="panel question-header" aria-label={`Question ${run.questionId} in run ${runLabel(run.runId)}`}>
      <div className="question-header-top">
        <button type="button" className="button subtle" onClick={() => navigate(questionsUrl.changed({ question: null, run: undefined }))}>← All questions</button>
        <nav className="run-tabs" aria-label="Runs of this question">
          {runsOfQuestion.map((r) => (
            <Link key={r.key} href={questionsUrl.href({ question: r.questionId, run: r.runId })} aria-current={r.key === run.key ? 'page' : undefined}>
              {runLabel(r.runId)}
              {r.flags.length > 0 && <span className="badge bad">{r.flags.length}</span>}
            </Link>
          ))}
        </nav>
        {runsOfQuestion.length > 1 && <button type="button" className="button" onClick={() => navigate(questionsUrl.changed({ compare: true, question: null, run: undefined }))}>Compare runs</button>}
      </div>
      <h2><span className="mono">{run.questionId}</span> · run <span className="mono">{runLabel(run.runId)}</span></h2>
      <p className="question-title">{definition?.text ?? <span className="text-soft">No question event defines this question.</span>}</p>
      <dl className="question-facts">
        <div><dt>Entities</dt><dd>{definition?.entities?.length ? definition.entities.map((e) => <span key={e} className="entity-chip">{e}</span>) : '—'}</dd></div>
        <div>
          <dt>Answer</dt>
          <dd>{answer ? <>“{answer.text}”</> : <span className="text-bad">not answered</span>}</dd>
        </div>
        <div>
          <dt>Gold answer</dt>
          <dd>{answer ? <AnswerCheck run={run} labeled={false} /> : (definition?.gold_answer ?? '—')}</dd>
        </div>
        <div><dt>Gold passages</dt><dd className="mono">{run.goldIds?.join(', ') ?? 'unknown'}</dd></div>
        <div>
          <dt>Session{run.run.sessions.length > 1 ? 's' : ''}</dt>
          <dd>{run.run.sessions.map((s) => <Link key={s} className="mono session-link" href={sessionsUrl.href({ session: s })}>{s}</Link>)}</dd>
        </div>
      </dl>
    </section>
  );
}
