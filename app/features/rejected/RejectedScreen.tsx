import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { QueryState } from '../../components/QueryState';
import type { RejectedFilter } from '../../engine/sql/rejected';
import { downloadText } from '../../lib/download';
import { formatCount, pluralize } from '../../lib/format';
import { updateUrl, useUrlParam } from '../../lib/url-state';
import { useDataset } from '../../queries/dataset';
import { rejectedFacetsOptions, rejectedListOptions } from '../../queries/rejected';
import { REJECTION_REASONS, type RejectionReason } from '../../schema/rejection';
import { RejectedTable } from './RejectedTable';

const facetValues = (values: string[]) => [...new Set(values)].sort();

export default function RejectedScreen() {
  const dataset = useDataset();
  const [severity] = useUrlParam('severity');
  const [reason] = useUrlParam('reason');
  const [file] = useUrlParam('file');
  const filter = useMemo<RejectedFilter>(
    () => ({ severity: severity === 'rejected' || severity === 'warning' ? severity : null, reason, file }),
    [severity, reason, file],
  );
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
        event was kept. {formatCount(dataset.summary.rejected)} rejected, {formatCount(dataset.summary.warnings)} warnings.
      </p>
      {total === 0 ? (
        <div className="empty-state">Every line of every loaded file was stored as an event, and every reference resolves.</div>
      ) : (
        <>
          <div className="toolbar">
            <FacetSelect label="Kind" value={filter.severity} options={['rejected', 'warning']} onChange={(v) => updateUrl({ severity: v }, false)} />
            <FacetSelect label="Reason" value={reason} options={facetValues(facets.data?.map((f) => f.reason) ?? [])}
              describe={(code) => `${REJECTION_REASONS[code as RejectionReason] ?? code} (${code})`} onChange={(v) => updateUrl({ reason: v }, false)} />
            <FacetSelect label="File" value={file} options={facetValues(facets.data?.map((f) => f.file) ?? [])} onChange={(v) => updateUrl({ file: v }, false)} />
            <span className="text-soft">{pluralize(items.length, 'row')} match</span>
            <button type="button" className="button" disabled={items.length === 0}
              onClick={() => downloadText('rejected-rows.jsonl', items.map((row) => JSON.stringify(row)).join('\n') + '\n')}>
              Download JSONL
            </button>
          </div>
          <QueryState query={rows} label="the rejected rows" />
          <RejectedTable rows={items} />
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
