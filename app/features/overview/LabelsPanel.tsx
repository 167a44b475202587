import { LogText } from '../../components/LogText';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCount, pluralize } from '../../lib/format';
import { downloadText } from '../../lib/download';
import { LABEL_KINDS, type LabelKind } from '../../schema/given-label';
import { useDataset } from '../../session/dataset';
import { useLabeling } from '../../session/labeling';
import type { LabelExportFilter } from '../../session/labeling-api';
import { annotatorLabelCountsOptions } from '../../queries/label-counts';
import { ITEMS_LABELED_TEXT, LABELS_GIVEN_TEXT } from '../../model/annotation/label-count-texts';

const fileName = ({ annotator, kind, givenHere }: LabelExportFilter) =>
  `labels${givenHere ? '-given-here' : ''}${annotator ? `-${annotator.replace(/[^\w-]+/g, '_')}` : ''}${kind ? `-${kind}` : ''}.jsonl`;

/**
 * Every label of the dataset by annotator and kind, with exports as JSON Lines `label` events
 * (all, one annotator's, one kind's, or those given here), which load back like any label file.
 */
export function LabelsPanel() {
  const dataset = useDataset();
  const labeling = useLabeling();
  const counts = useQuery(annotatorLabelCountsOptions(dataset));
  const [error, setError] = useState<string | null>(null);
  const rows = counts.data ?? [];
  const annotators = [...new Set(rows.map((row) => row.annotator))];
  const count = (annotator: string | null, kind: LabelKind) => rows.find((row) => row.annotator === annotator && row.kind === kind);
  const givenHere = rows.reduce((sum, row) => sum + row.given_here, 0);
  const exportLabels = (filter: LabelExportFilter) =>
    labeling.exportLabels(filter).then((text) => downloadText(fileName(filter), text), (e: Error) => setError(e.message));
  const discard = () => {
    const others = dataset.summary.labelsOtherLogs;
    const elsewhere = others > 0 ? ` (${formatCount(others)} of them belong to other logs, and export only with those logs loaded)` : '';
    if (window.confirm(`Remove the ${pluralize(labeling.given.length, 'label')} given in this browser${elsewhere}? Export ${labeling.given.length === 1 ? 'it' : 'them'} first to keep ${labeling.given.length === 1 ? 'it' : 'them'}.`)) void labeling.discardGiven();
  };
  return (
    <section className="panel" aria-label="Labels">
      <h2>Labels</h2>
      {rows.length > 0 && (
        <p className="text-soft labels-definition" data-testid="labels.definition">
          Each cell: {LABELS_GIVEN_TEXT} · {ITEMS_LABELED_TEXT}. Annotate and Agreement count them the same way.
        </p>
      )}
      {rows.length === 0 && <p className="text-soft">No label is loaded or given yet: label on the Annotate, Review or Sessions screens, or load a label file.</p>}
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="data labels-table">
            <thead>
              <tr>
                <th>annotator</th>
                {LABEL_KINDS.map((kind) => <th key={kind} className="num">{kind}</th>)}
                <th />
              </tr>
            </thead>
            <tbody>
              {annotators.map((annotator) => (
                <tr key={annotator ?? ''} data-annotator={annotator ?? ''}>
                  <td>{annotator === null ? <span className="text-soft">(no annotator)</span> : <LogText text={annotator} />}</td>
                  {LABEL_KINDS.map((kind) => {
                    const cell = count(annotator, kind);
                    return (
                      <td key={kind} className="num" data-kind={kind} data-labels={cell?.labels} data-items={cell?.items}>
                        {cell ? formatCount(cell.labels) : <span className="text-soft">—</span>}
                        {cell && <span className="text-soft labels-items" title={ITEMS_LABELED_TEXT}> · {formatCount(cell.items)} {cell.items === 1 ? 'item' : 'items'}</span>}
                        {cell && cell.given_here > 0 && <span className="text-soft" title="given in this browser"> ({formatCount(cell.given_here)} here)</span>}
                      </td>
                    );
                  })}
                  <td>{annotator && <button type="button" className="button subtle" onClick={() => exportLabels({ annotator })}><span className="nowrap">Export <LogText text={annotator} shown={40} more={false} />'s ↓</span></button>}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td className="text-soft">every annotator</td>
                {LABEL_KINDS.map((kind) => (
                  <td key={kind} className="num">
                    <button type="button" className="button subtle nowrap" onClick={() => exportLabels({ kind })} disabled={!rows.some((row) => row.kind === kind)}>
                      Export {kind} ↓
                    </button>
                  </td>
                ))}
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <div className="labels-actions">
        <button type="button" className="button" onClick={() => exportLabels({})} disabled={rows.length === 0} data-testid="labels.export-all">Export all labels ↓</button>
        <button type="button" className="button" onClick={() => exportLabels({ givenHere: true })} disabled={givenHere === 0} data-testid="labels.export-given">
          {givenHere === 0 ? 'Export labels given here ↓' : `Export the ${pluralize(givenHere, 'label')} given here ↓`}
        </button>
        {labeling.given.length > 0 && <button type="button" className="button subtle" onClick={discard}>Discard labels given here…</button>}
        <span className="text-soft">An export loads back like any label file, with the same numbers.</span>
      </div>
      {error && <div className="query-error" role="alert">Export failed: {error}</div>}
    </section>
  );
}
