import type { QuestionRunAnalysis } from '../../model/drift/analyze';
import { DRIFT_FLAGS, type DriftFlag } from '../../model/drift/flags';
import { Link } from '../../components/Link';
import { sessionsUrl } from '../../links/sessions';
import { driftFlagTarget } from '../../links/questions';
import { flagEvent } from '../../model/drift/flag-placement';
import { eventAnchor } from '../../model/session/event-anchor';

export function FlagKind({ kind }: { kind: DriftFlag['kind'] }) {
  return <span className="flag-kind" data-kind={kind}>{DRIFT_FLAGS[kind].label}</span>;
}

/** The session of the event behind a flag, opened at that event (or the session, when the flag has no event). */
function SessionLink({ flag, run }: { flag: DriftFlag; run: QuestionRunAnalysis }) {
  const event = flagEvent(flag, run);
  const session = event?.session_id ?? flag.session_id;
  if (!session) return null;
  return <Link href={sessionsUrl.href({ session }, event ? { hash: eventAnchor(event) } : {})}>session</Link>;
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
            const anchor = driftFlagTarget(flag);
            return (
              <li key={i} className="flag-item" data-kind={flag.kind} aria-current={target === anchor.id ? 'location' : undefined}>
                <FlagKind kind={flag.kind} />
                <span className="flag-detail">{flag.detail}</span>
                <span className="flag-links">
                  <a href={`#${anchor.id}`} className="mono">→ {anchor.label}</a>
                  <SessionLink flag={flag} run={run} />
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
