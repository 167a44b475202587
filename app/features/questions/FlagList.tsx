import type { QuestionRunAnalysis } from '../../model/drift/analyze';
import { DRIFT_FLAGS, type DriftFlag } from '../../model/drift/flags';
import { Link } from '../../components/Link';
import { sessionsUrl } from '../../links/sessions';
import { anchors } from './url';

/** The element on this page that shows the events behind a flag. */
function flagAnchor(flag: DriftFlag): { id: string; label: string } {
  if (flag.retrieval_id) return { id: anchors.retrieval(flag.retrieval_id), label: flag.retrieval_id };
  if (flag.asset_id) return { id: anchors.gold(flag.asset_id), label: flag.asset_id };
  if (flag.subquestion_id) return { id: anchors.subquestion(flag.subquestion_id), label: flag.subquestion_id };
  return { id: anchors.sufficiency, label: 'evidence check' };
}

export function FlagKind({ kind }: { kind: DriftFlag['kind'] }) {
  return <span className="flag-kind" data-kind={kind}>{DRIFT_FLAGS[kind].label}</span>;
}

export function FlagList({ run, target }: { run: QuestionRunAnalysis; target: string | null }) {
  return (
    <section className="panel" aria-label="Flags">
      <h3>Flags</h3>
      {run.flags.length === 0 ? (
        <p className="text-soft no-flags">No search-drift flag: every query served an active sub-question, the registry is complete, and the evidence checks pass.</p>
      ) : (
        <ul className="flag-list">
          {run.flags.map((flag, i) => {
            const anchor = flagAnchor(flag);
            return (
              <li key={i} className="flag-item" data-kind={flag.kind} aria-current={target === anchor.id ? 'location' : undefined}>
                <FlagKind kind={flag.kind} />
                <span className="flag-detail">{flag.detail}</span>
                <span className="flag-links">
                  <a href={`#${anchor.id}`} className="mono">→ {anchor.label}</a>
                  {flag.session_id && <Link href={sessionsUrl.href({ session: flag.session_id })}>session</Link>}
                </span>
                <span className="flag-rule">{DRIFT_FLAGS[flag.kind].rule}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
