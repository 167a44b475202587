import type { GateFilter, GateFilterChoiceRow } from '../../engine/sql/gate/filter-choices';
import { pluralize } from '../../lib/format';
import { navigate } from '../../lib/url-state';
import { gateUrl, type GateView } from '../../links/gate';

const FILTERS: { filter: GateFilter; label: string; all: string; none: string }[] = [
  { filter: 'surface', label: 'Surface', all: 'All surfaces', none: 'no gate or feedback event has a surface' },
  { filter: 'category', label: 'Category', all: 'All categories', none: 'no event has a category' },
  { filter: 'system', label: 'System (run_id)', all: 'All systems', none: 'no gate or feedback event has a run_id' },
];

/** "returns (193 gates, 58 votes, 20 eval cases)": what the value holds, leaving out what it has none of. */
function choiceLabel(row: GateFilterChoiceRow): string {
  const counts = [
    row.gates > 0 && pluralize(row.gates, 'gate'),
    row.votes > 0 && pluralize(row.votes, 'vote'),
    row.eval_cases > 0 && pluralize(row.eval_cases, 'eval case'),
  ].filter(Boolean);
  return `${row.value} (${counts.length > 0 ? counts.join(', ') : 'none under the other filters'})`;
}

/**
 * Surface, category and system (the events' `run_id`): the values found in the loaded gate,
 * feedback and eval_case events, each with its counts under the other filters; kept in the URL.
 */
export function GateFilters({ view, choices, filtered: any }: { view: GateView; choices: GateFilterChoiceRow[]; filtered: boolean }) {
  return (
    <section className="panel gate-filters toolbar" aria-label="Gate filters">
      {FILTERS.map(({ filter, label, all, none }) => {
        const rows = choices.filter((row) => row.filter === filter);
        const selected = view[filter];
        const missing = selected !== null && !rows.some((row) => row.value === selected);
        return (
          <label key={filter}>
            <span className="text-soft">{label}</span>
            <select aria-label={label} value={selected ?? ''} disabled={rows.length === 0 && selected === null}
              title={rows.length === 0 ? none : undefined}
              onChange={(event) => navigate(gateUrl.changed({ [filter]: event.currentTarget.value || null }))}>
              <option value="">{all}</option>
              {rows.map((row) => <option key={row.value} value={row.value}>{choiceLabel(row)}</option>)}
              {missing && <option value={selected}>{selected} (not in the loaded logs)</option>}
            </select>
          </label>
        );
      })}
      {any && (
        <button type="button" className="button subtle" onClick={() => navigate(gateUrl.changed({ surface: null, category: null, system: null }))}>
          Clear filters
        </button>
      )}
      <span className="text-soft gate-filters-note">
        {choices.some((row) => row.filter === 'system') ? '' : 'No run_id in the loaded gate or feedback events. '}
        The Metrics screen's settings do not apply here.
      </span>
    </section>
  );
}
