/** A checkbox list in a disclosure: one list filter of a slice (empty = any value). */
export function CompareMultiSelect(props: {
  /** The accessible name (`A retriever`); `shortLabel` is what the chip shows (`retriever`). */
  label: string;
  shortLabel: string;
  options: { value: string; retrievals: number }[];
  selected: string[];
  onChange(values: string[]): void;
}) {
  const { label, shortLabel, options, selected, onChange } = props;
  // a value the URL names that the data does not have stays listed, so that it can be unticked
  const shown = [...options, ...selected.filter((value) => !options.some((option) => option.value === value)).map((value) => ({ value, retrievals: 0 }))];
  const summary = selected.length === 0 ? 'any' : selected.length <= 2 ? selected.join(', ') : `${selected.length} chosen`;
  return (
    <details className="cmp-select">
      <summary aria-label={`${label}: ${summary}`}>
        <span className="text-soft">{shortLabel}</span> <span className={selected.length ? 'cmp-select-on' : ''}>{summary}</span>
      </summary>
      <div className="cmp-select-menu" role="group" aria-label={label}>
        {shown.length === 0 && <span className="text-soft">no value in the logs</span>}
        {shown.map((option) => (
          <label key={option.value}>
            <input
              type="checkbox"
              checked={selected.includes(option.value)}
              onChange={(event) => onChange(event.currentTarget.checked ? [...selected, option.value] : selected.filter((value) => value !== option.value))}
            />
            <span>{option.value}</span>
            <span className="text-soft cmp-select-count" title={`${option.retrievals} retrievals`}>{option.retrievals}</span>
          </label>
        ))}
        {selected.length > 0 && <button type="button" className="button subtle small" onClick={() => onChange([])}>any {shortLabel}</button>}
      </div>
    </details>
  );
}
