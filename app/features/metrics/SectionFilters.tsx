import { Fragment } from 'react';
import { FILTER_LABEL, SECTION_FILTERS, filterIsSet, filterValue, type MetricFilter, type MetricSection } from '../../model/metrics/section-filters';
import type { MetricSettings } from '../../model/metrics/settings';

/** One filter in a section's line: its name, with its value when set (`retriever = bm25-v1`). */
function FilterItem({ settings, filter, off }: { settings: MetricSettings; filter: MetricFilter; off?: boolean }) {
  const set = filterIsSet(settings, filter);
  const className = ['section-filter', set ? 'is-set' : '', off ? 'is-off' : ''].filter(Boolean).join(' ');
  return (
    <span className={className} data-filter={filter} data-applies={off ? 'no' : 'yes'}>
      {FILTER_LABEL[filter]}
      {set && ` = ${filterValue(settings, filter)}`}
    </span>
  );
}

const list = (settings: MetricSettings, filters: MetricFilter[], off?: boolean) =>
  filters.map((filter, index) => (
    <Fragment key={filter}>
      {index > 0 && ', '}
      <FilterItem settings={settings} filter={filter} off={off} />
    </Fragment>
  ));

/**
 * The line under a Metrics section's title that says which filters narrow its numbers: those that
 * apply, those that apply to part of it, and (greyed, struck through) those that do not.
 */
export function SectionFilters({ section, settings }: { section: MetricSection; settings: MetricSettings }) {
  const scope = SECTION_FILTERS[section];
  const ignoredSet = scope.notApplied?.filters.filter((filter) => filterIsSet(settings, filter)) ?? [];
  return (
    <p className="section-filters" data-testid={`${section}.filters`}>
      <span className="text-soft">filters on {scope.units}: </span>
      {list(settings, scope.applies)}
      {scope.partly && (
        <>
          <span className="text-soft"> · </span>
          {list(settings, scope.partly.filters)}
          <span className="text-soft"> apply {scope.partly.how}</span>
        </>
      )}
      {scope.notApplied && (
        <>
          <span className="text-soft"> · </span>
          {list(settings, scope.notApplied.filters, true)}
          <span className="text-soft"> do not apply: {scope.notApplied.why}</span>
        </>
      )}
      {ignoredSet.length > 0 && (
        <span className="section-filters-ignored" role="note">
          {' '}these numbers are not narrowed by the {ignoredSet.map((filter) => FILTER_LABEL[filter]).join(' and ')} filter
        </span>
      )}
    </p>
  );
}
