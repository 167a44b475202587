import { SLICE_LIST_KEYS, type SliceFilters } from '../../model/compare/slice';
import type { SliceOptions } from '../../queries/compare-options';
import { FilterDropdown } from '../../components/filter-dropdown/FilterDropdown';
import { describeSlice } from './url';

const LABEL: Record<(typeof SLICE_LIST_KEYS)[number], string> = { retriever: 'retriever', run_id: 'run', surface: 'surface', role: 'role', category: 'category' };

/** A date input shows the day of an ISO text; any other text (a link's own) stays in the URL as it is. */
const dayOf = (text: string | undefined) => (text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : '');

/** One slice's filters: a multi-select per list filter (values from the data) and the [from, to) dates. */
export function SlicePicker(props: { side: 'a' | 'b'; slice: SliceFilters; options: SliceOptions | undefined; onChange(slice: SliceFilters): void }) {
  const { side, slice, options, onChange } = props;
  const name = side.toUpperCase();
  const set = (changes: Partial<SliceFilters>) => {
    const next: SliceFilters = { ...slice, ...changes };
    for (const key of Object.keys(next) as (keyof SliceFilters)[]) if (next[key] === undefined || next[key]?.length === 0) delete next[key];
    onChange(next);
  };
  return (
    <section className={`cmp-slice cmp-slice-${side}`} aria-label={`Slice ${name}`} data-testid={`compare.slice-${side}`}>
      <div className="cmp-slice-head">
        <span className={`cmp-badge cmp-badge-${side}`}>{name}</span>
        <span className="cmp-slice-summary" data-testid={`compare.slice-${side}.summary`}>{describeSlice(slice)}</span>
      </div>
      <div className="cmp-slice-filters">
        {SLICE_LIST_KEYS.map((key) => (
          <FilterDropdown key={key} className="cmp-select" label={`${name} ${LABEL[key]}`} shortLabel={LABEL[key]} emptyMeans="any" clearLabel={`any ${LABEL[key]}`}
            options={(options?.[key] ?? []).map((option) => ({ value: option.value, count: option.retrievals, countTitle: `${option.retrievals} retrievals` }))}
            selected={slice[key] ?? []} onChange={(values) => set({ [key]: values })} />
        ))}
        <label className="cmp-date">
          <span className="text-soft">from</span>
          <input type="date" aria-label={`${name} from`} value={dayOf(slice.from)} onChange={(event) => set({ from: event.currentTarget.value || undefined })} />
        </label>
        <label className="cmp-date">
          <span className="text-soft">before</span>
          <input type="date" aria-label={`${name} to`} value={dayOf(slice.to)} onChange={(event) => set({ to: event.currentTarget.value || undefined })} />
        </label>
      </div>
    </section>
  );
}
