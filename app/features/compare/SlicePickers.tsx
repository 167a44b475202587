import { navigate } from '../../lib/url-state';
import { compareUrl } from '../../links/compare';
import { currentSharedSettings, type SharedSettingsText } from '../../links/settings';
import type { SliceFilters } from '../../model/compare/slice';
import { K_MAX, K_MIN, type MetricSettings } from '../../model/metrics/settings';
import type { DefaultSlices, SliceOptions } from '../../queries/compare-options';
import { SlicePicker } from './SlicePicker';

/** Typing a number replaces the history entry, as on the Metrics screen. */
const setShared = (changes: SharedSettingsText) =>
  navigate(compareUrl.changed({}, { settings: { ...currentSharedSettings(), ...changes } }), { replace: true });

const COLUMN_WORD = { retriever: ['retrievers', 'retriever'], run_id: ['runs', 'run'] } as const;

/** How the slices on screen were picked when the URL named none. */
function ChosenBy({ chosenBy }: { chosenBy: DefaultSlices['chosenBy'] }) {
  if (!chosenBy) return null;
  const [plural, singular] = COLUMN_WORD[chosenBy.column];
  return (
    <p className="cmp-chosen" data-testid="compare.chosen-by">
      Picked for a first look: of all pairs of {plural}, these two judged the most query texts in common
      ({chosenBy.shared === 1 ? '1 query' : `${chosenBy.shared} queries`}); A is the {singular} seen first in the logs. Change either slice to compare others.
    </p>
  );
}

/** Slices A and B with a swap between them; a change writes both slices to the URL, so that a link reproduces them. */
export function SlicePickers(props: {
  slices: { a: SliceFilters; b: SliceFilters } | null;
  options: SliceOptions | undefined;
  chosenBy: DefaultSlices['chosenBy'] | undefined;
  base: MetricSettings;
}) {
  const { slices, options, chosenBy, base } = props;
  const current = slices ?? { a: {}, b: {} };
  const change = (next: { a: SliceFilters; b: SliceFilters }) => navigate(compareUrl.changed(next));
  return (
    <section className="panel cmp-pickers" aria-label="Slices">
      <div className="cmp-pickers-row">
        <SlicePicker side="a" slice={current.a} options={options} onChange={(a) => change({ ...current, a })} />
        <button type="button" className="button cmp-swap" aria-label="Swap A and B" title="Swap A and B" onClick={() => change({ a: current.b, b: current.a })}>
          ⇄
        </button>
        <SlicePicker side="b" slice={current.b} options={options} onChange={(b) => change({ ...current, b })} />
      </div>
      {chosenBy !== undefined && <ChosenBy chosenBy={chosenBy} />}
      <div className="cmp-settings text-soft" data-testid="compare.settings-caption">
        <span>Both slices at</span>
        <label>K <input type="number" aria-label="K" min={K_MIN} max={K_MAX} value={base.k} onChange={(event) => setShared({ k: event.currentTarget.value })} /></label>
        <span>· Tier 1 bad: empty, P@1 = 0 or nDCG@{base.k} below</span>
        <input type="number" aria-label="Tier 1 threshold" min={0} max={1} step={0.05} value={base.tier1Threshold}
          onChange={(event) => setShared({ tier1Threshold: event.currentTarget.value })} />
        <span>· used actions: {base.usedActions.join(', ')}</span>
      </div>
    </section>
  );
}
