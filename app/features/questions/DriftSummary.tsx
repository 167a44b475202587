import { formatCount } from '../../lib/format';
import type { DriftAnalysis } from '../../model/drift/analyze';
import { DRIFT_FLAGS } from '../../model/drift/flags';
import { driftReportOf } from '../../model/drift/report';
import type { DriftReport } from '../../model/metrics/report';

interface Card {
  key: keyof DriftReport;
  label: string;
}

/** The counts grouped by what they count (docs/metrics.md "The report"). */
const GROUPS: { title: string; cards: Card[] }[] = [
  { title: 'Question-runs', cards: [{ key: 'questions', label: '(question, run) pairs' }] },
  { title: 'Queries · retrievals', cards: [{ key: 'orphan_query', label: DRIFT_FLAGS.orphan_query.label }, { key: 'entity_drift', label: DRIFT_FLAGS.entity_drift.label }] },
  {
    title: 'Registry · sub-questions',
    cards: [
      { key: 'skipped_active', label: DRIFT_FLAGS.skipped_active.label },
      { key: 'resolved_without_evidence', label: 'Resolved w/o evidence' },
      { key: 'retired_without_reason', label: 'Retired w/o reason' },
      { key: 'never_activated', label: DRIFT_FLAGS.never_activated.label },
    ],
  },
  {
    title: 'Gold evidence · passages',
    cards: [{ key: 'missing_evidence', label: 'Missing' }, { key: 'not_asked', label: 'Not asked' }, { key: 'unreachable', label: 'Unreachable so far' }],
  },
  { title: 'Answers', cards: [{ key: 'insufficient_evidence', label: DRIFT_FLAGS.insufficient_evidence.label }] },
];

/** The report's `drift` counts, computed by the same code as `report --json`. */
export function DriftSummary({ analysis }: { analysis: DriftAnalysis }) {
  const { drift } = driftReportOf(analysis);
  return (
    <section className="drift-summary" aria-label="Search-drift counts">
      {GROUPS.map((group) => (
        <div key={group.title} className="drift-group">
          <div className="drift-group-title">{group.title}</div>
          <div className="drift-group-cards">
            {group.cards.map((card) => (
              <div key={card.key} className={`stat${card.key !== 'questions' && drift[card.key] > 0 ? ' flagged' : ''}`}>
                <div className="value" data-metric={`drift.${card.key}`} data-value={drift[card.key]}>{formatCount(drift[card.key])}</div>
                <div className="label">{card.label}</div>
              </div>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}
