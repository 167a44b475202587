import { Link } from '../../components/Link';
import { driftFlagHref } from '../../links/questions';
import type { MarkTone } from '../../model/lineage/timeline-marks';
import { DRIFT_FLAGS, type DriftFlag, type DriftFlagKind } from '../../model/drift/flags';
import { runLabel } from '../../model/drift/format-time';

/** Missing gold that another retrieval found is drift to look at; gold nothing returned is a retriever question. */
const TONE: Record<DriftFlagKind, MarkTone> = {
  orphan_query: 'bad', entity_drift: 'bad', skipped_active: 'bad', resolved_without_evidence: 'bad', retired_without_reason: 'bad',
  never_activated: 'bad', insufficient_evidence: 'bad', not_asked: 'warn', unreachable: 'info',
};

/**
 * The search-drift flags of one event (the Questions screen's analysis): the flag, why it fired,
 * and a link to the event behind it in the question-run's registry view.
 */
export function DriftMarks({ flags, label = 'Drift flags' }: { flags: readonly DriftFlag[] | undefined; label?: string }) {
  if (!flags?.length) return null;
  return (
    <ul className="drift-marks" aria-label={label}>
      {flags.map((flag, index) => (
        <li key={`${flag.kind}/${flag.asset_id ?? index}`} className="drift-mark" data-drift={flag.kind}>
          <span className={`mark tone-${TONE[flag.kind]}`} title={DRIFT_FLAGS[flag.kind].rule}>{DRIFT_FLAGS[flag.kind].label}</span>
          <span className="drift-detail">{flag.detail}</span>
          <Link href={driftFlagHref(flag)} className="drift-link" title={`Question ${flag.question_id}, run ${runLabel(flag.run_id)}: its registry timeline, at this event`}>
            registry timeline →
          </Link>
        </li>
      ))}
    </ul>
  );
}
