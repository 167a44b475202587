import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { QueryState } from '../../components/QueryState';
import { Recomputing } from '../../components/Recomputing';
import type { RejectedFilter } from '../../engine/sql/rejected';
import { formatCount, pluralize } from '../../lib/format';
import { navigate } from '../../lib/url-state';
import { rejectedUrl } from '../../links/rejected';
import { useScreenView } from '../../links/use-screen-view';
import { useDataset } from '../../session/dataset';
import { rejectedDownloadOptions, rejectedFacetsOptions, rejectedListOptions, type RejectedFacet } from '../../queries/rejected';
import { reasonText } from '../../schema/rejection';
import { RejectedTable } from './RejectedTable';

/** The values a facet offers; a row without the field (a label given here has no file) is counted under All only. */
const facetValues = (values: (string | null)[]) => [...new Set(values.filter((value): value is string => value !== null))].sort();

const PAGE_ROWS = 200;
/** A download past this many rows would not fit a tab's memory; the command line's `check --json` writes them all. */
const DOWNLOAD_LIMIT = 200_000;

/** How many rows the filter keeps, from the counts by kind, reason and file. */
const matchingRows = (facets: readonly RejectedFacet[], filter: RejectedFilter) =>
  facets
    .filter((f) => (filter.severity === null || f.severity === filter.severity) && (filter.reason === null || f.reason === filter.reason) && (filter.file === null || f.file === filter.file))
    .reduce((sum, f) => sum + f.n, 0);

export default function RejectedScreen() {
  const dataset = useDataset();
  const { severity, reason, file } = useScreenView(rejectedUrl);
  const filter = useMemo<RejectedFilter>(() => ({ severity, reason, file }), [severity, reason, file]);
  const facets = useQuery(rejectedFacetsOptions(dataset));
  const counted = facets.data ? matchingRows(facets.data, filter) : null;
  // The page goes back to the first when the filter changes, and stays within the rows there are.
  const [paged, setPaged] = useState({ filter, index: 0 });
  const lastPage = counted === null ? Infinity : Math.max(0, Math.ceil(counted / PAGE_ROWS) - 1);
  const pageIndex = paged.filter === filter ? Math.min(paged.index, lastPage) : 0;
  const page = useMemo(() => ({ offset: pageIndex * PAGE_ROWS, limit: PAGE_ROWS }), [pageIndex]);
  const rows = useQuery(rejectedListOptions(dataset, filter, page));
  const queryClient = useQueryClient();
  const matching = counted ?? rows.data?.length ?? 0;
  const downloadRows = Math.min(matching, DOWNLOAD_LIMIT);
  const loadRows = useCallback(() => queryClient.fetchQuery(rejectedDownloadOptions(dataset, filter, downloadRows)), [queryClient, dataset, filter, downloadRows]);

  if (nothingToShow(dataset)) return <EmptyDataset what="Lines that could not be stored are then listed here." />;
  const total = dataset.summary.rejected + dataset.summary.warnings;
  const items = rows.data ?? [];
  return (
    <section className="panel" aria-label="Rejected rows and warnings">
      <h2>Rejected rows and warnings</h2>
      <p className="text-soft">
        A <strong>rejected</strong> line was not stored as an event; a <strong>warning</strong> names an id no loaded event defines, or
        repeats an event_id an earlier event has; its event was kept. {formatCount(dataset.summary.rejected)} rejected, {pluralize(dataset.summary.warnings, 'warning')}.
      </p>
      {total === 0 ? (
        <div className="empty-state">Every line of every loaded file was stored as an event, and every reference resolves.</div>
      ) : (
        <>
          <div className="toolbar">
            <FacetSelect label="Kind" value={filter.severity} options={['rejected', 'warning']} onChange={(v) => navigate(rejectedUrl.changed({ severity: v === 'rejected' || v === 'warning' ? v : null }))} />
            <FacetSelect label="Reason" value={reason} options={facetValues(facets.data?.map((f) => f.reason) ?? [])}
              describe={(code) => `${reasonText(code)} (${code})`} onChange={(v) => navigate(rejectedUrl.changed({ reason: v }))} />
            <FacetSelect label="File" value={file} options={facetValues(facets.data?.map((f) => f.file) ?? [])} onChange={(v) => navigate(rejectedUrl.changed({ file: v }))} />
          </div>
          <QueryState query={rows} label="the rejected rows" />
          <Recomputing active={rows.isPlaceholderData}>
            <RejectedTable rows={items} span={{ index: pageIndex, size: PAGE_ROWS, total: matching }} busy={rows.isPlaceholderData}
              onPage={(index) => setPaged({ filter, index })} loadRows={loadRows} downloadRows={downloadRows} />
          </Recomputing>
        </>
      )}
    </section>
  );
}

function FacetSelect(props: { label: string; value: string | null; options: string[]; describe?: (value: string) => string; onChange(value: string | null): void }) {
  return (
    <label className="facet">
      <span className="text-soft">{props.label}</span>{' '}
      <select aria-label={props.label} value={props.value ?? ''} onChange={(event) => props.onChange(event.currentTarget.value || null)}>
        <option value="">All</option>
        {props.options.map((option) => <option key={option} value={option}>{props.describe?.(option) ?? option}</option>)}
      </select>
    </label>
  );
}
