/** A compact checkbox list in a disclosure, for list settings held in the URL as comma-separated text. */
export function MultiSelect(props: { label: string; options: string[]; selected: string[]; emptyMeans: string; onChange(values: string[]): void }) {
  const { label, options, selected, emptyMeans, onChange } = props;
  const summary = selected.length === 0 ? emptyMeans : selected.length <= 2 ? selected.join(', ') : `${selected.length} chosen`;
  return (
    <details className="multi-select">
      <summary aria-label={`${label}: ${summary}`}>
        <span className="text-soft">{label}</span> {summary}
      </summary>
      <div className="multi-select-menu" role="group" aria-label={label}>
        {options.map((option) => (
          <label key={option}>
            <input
              type="checkbox"
              checked={selected.includes(option)}
              onChange={(event) =>
                onChange(event.currentTarget.checked ? [...selected, option] : selected.filter((value) => value !== option))
              }
            />
            {option}
          </label>
        ))}
        {selected.length > 0 && (
          <button type="button" className="button subtle" onClick={() => onChange([])}>
            {emptyMeans}
          </button>
        )}
      </div>
    </details>
  );
}
