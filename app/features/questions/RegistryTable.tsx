import type { QuestionRunAnalysis } from '../../model/drift/analyze';
import { clockUtc } from '../../model/drift/format-time';
import type { SubquestionStateRow } from '../../model/drift/rows';
import { FlagKind } from './FlagList';
import { STATUS_COLOURS } from './timeline-style';
import { anchors } from './url';

function StateStep({ state }: { state: SubquestionStateRow }) {
  const detail = state.status === 'resolved'
    ? [state.note && `“${state.note}”`, state.evidence_ids?.length ? state.evidence_ids.join(', ') : 'no evidence_ids'].filter(Boolean).join(' · ')
    : state.status === 'retired' ? state.reason ?? 'no reason' : null;
  return (
    <li className="state-step">
      <span className="state-chip" style={{ borderColor: STATUS_COLOURS[state.status] }}>
        <span className="swatch" style={{ background: STATUS_COLOURS[state.status] }} />{state.status}
      </span>
      <span className="mono text-soft">{clockUtc(state.ts)}</span>
      {detail && <span className="state-detail">{detail}</span>}
    </li>
  );
}

/** Each sub-question's text and state sequence: the registry as a table, the anchor of its flags. */
export function RegistryTable({ run, target }: { run: QuestionRunAnalysis; target: string | null }) {
  if (run.subquestions.length === 0) return <section className="panel"><h3>Sub-questions</h3><p className="text-soft">This run logged no sub-question registry.</p></section>;
  return (
    <section className="panel" aria-label="Sub-questions">
      <h3>Sub-questions</h3>
      <table className="data registry-table">
        <thead><tr><th>Sub-question</th><th>States (UTC)</th><th>Flags</th></tr></thead>
        <tbody>
          {run.subquestions.map((sub) => {
            const id = anchors.subquestion(sub.subquestionId);
            const flags = run.flags.filter((f) => f.subquestion_id === sub.subquestionId && !f.retrieval_id);
            return (
              <tr key={sub.subquestionId} id={id} className={target === id ? 'is-target' : undefined}>
                <td>
                  <div className="mono">{sub.subquestionId}</div>
                  <div>{sub.text ?? '—'}</div>
                  {sub.entities.length > 0 && <div>{sub.entities.map((e) => <span key={e} className="entity-chip">{e}</span>)}</div>}
                </td>
                <td><ol className="state-steps">{sub.states.map((s) => <StateStep key={s.seq} state={s} />)}</ol></td>
                <td>{flags.map((f) => <FlagKind key={f.kind} kind={f.kind} />)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
