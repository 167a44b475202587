import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { QueryState } from '../../components/QueryState';
import { Recomputing } from '../../components/Recomputing';
import type { RejectedFilter } from '../../engine/sql/rejected';
import { formatCount, pluralize } from '../../lib/format';
import { navigate } from '../../lib/url-state';
import { rejectedUrl } from '../../links/rejected';
import { useScreenView } from '../../links/use-screen-view';
import { useDataset } from '../../queries/dataset';
import { rejectedFacetsOptions, rejectedListOptions } from '../../queries/rejected';
import { REJECTION_REASONS, type RejectionReason } from '../../schema/rejection';
import { RejectedTable } from './RejectedTable';

const facetValues = (values: string[]) => [...new Set(values)].sort();

export default function RejectedScreen() {
  const dataset = useDataset();
  const { severity, reason, file } = useScreenView(rejectedUrl);
  const filter = useMemo<RejectedFilter>(() => ({ severity, reason, file }), [severity, reason, file]);
  const rows = useQuery(rejectedListOptions(dataset, filter));
  const facets = useQuery(rejectedFacetsOptions(dataset));

  if (nothingToShow(dataset)) return <EmptyDataset what="Lines that could not be stored are then listed here." />;
  const total = dataset.summary.rejected + dataset.summary.warnings;
  const items = rows.data ?? [];
  return (
    <section className="panel" aria-label="Rejected rows and warnings">
      <h2>Rejected rows and warnings</h2>
      <p className="text-soft">
        A <strong>rejected</strong> line was not stored as an event; a <strong>warning</strong> names an id no loaded event defines, and its
        event was kept. {formatCount(dataset.summary.rejected)} rejected, {pluralize(dataset.summary.warnings, 'warning')}.
      </p>
      {total === 0 ? (
        <div className="empty-state">Every line of every loaded file was stored as an event, and every reference resolves.</div>
      ) : (
        <>
          <div className="toolbar">
            <FacetSelect label="Kind" value={filter.severity} options={['rejected', 'warning']} onChange={(v) => navigate(rejectedUrl.changed({ severity: v === 'rejected' || v === 'warning' ? v : null }))} />
            <FacetSelect label="Reason" value={reason} options={facetValues(facets.data?.map((f) => f.reason) ?? [])}
              describe={(code) => `${REJECTION_REASONS[code as RejectionReason] ?? code} (${code})`} onChange={(v) => navigate(rejectedUrl.changed({ reason: v }))} />
            <FacetSelect label="File" value={file} options={facetValues(facets.data?.map((f) => f.file) ?? [])} onChange={(v) => navigate(rejectedUrl.changed({ file: v }))} />
          </div>
          <QueryState query={rows} label="the rejected rows" />
          <Recomputing active={rows.isPlaceholderData}><RejectedTable rows={items} /></Recomputing>
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
