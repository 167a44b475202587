import { useState } from 'react';
import { downloadBytes } from '../../lib/download';
import { formatCount, pluralize } from '../../lib/format';
import { useDataset } from '../../session/dataset';
import { EXPORT_FILE_NAMES, exportDatasetParquet, type ExportedTable } from '../../queries/dataset-export';
import { errorMessage } from '../../lib/error-message';

const PARQUET_TYPE = 'application/vnd.apache.parquet';

/**
 * Saves the loaded dataset as Parquet: every event (labels included) in one file, the rejected
 * rows in another. Two buttons rather than one that saves both: a browser asks before a page
 * saves a second file on its own, and a refused second file would be lost without a word.
 */
export function DatasetExport() {
  const dataset = useDataset();
  const { summary, engine } = dataset;
  const [writing, setWriting] = useState<{ table: ExportedTable; rows: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ready = engine !== null && dataset.phase === 'ready' && writing === null;

  const save = async (table: ExportedTable) => {
    if (!engine) return;
    const total = table === 'events' ? summary.events + summary.given_here : summary.rejected;
    setError(null);
    setWriting({ table, rows: 0, total });
    try {
      const bytes = await exportDatasetParquet(engine, table, (rows) => setWriting({ table, rows, total }));
      downloadBytes(EXPORT_FILE_NAMES[table], bytes, PARQUET_TYPE);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setWriting(null);
    }
  };

  return (
    <section className="panel" aria-label="Export dataset">
      <h2>Export</h2>
      <div className="labels-actions">
        <button type="button" className="button" onClick={() => void save('events')} disabled={!ready || summary.events === 0} data-testid="dataset.export-parquet">
          Export dataset (Parquet) ↓
        </button>
        <button type="button" className="button" onClick={() => void save('rejected')} disabled={!ready || summary.rejected === 0} data-testid="dataset.export-rejected-parquet">
          {summary.rejected === 0 ? 'Export rejected rows (Parquet) ↓' : `Export the ${pluralize(summary.rejected, 'rejected row')} (Parquet) ↓`}
        </button>
        {writing ? (
          <span className="text-soft" role="status">
            Writing {EXPORT_FILE_NAMES[writing.table]}: {formatCount(writing.rows)} of {pluralize(writing.total, 'row')}…
          </span>
        ) : (
          <span className="text-soft">
            {EXPORT_FILE_NAMES.events} holds every event, labels included; {EXPORT_FILE_NAMES.rejected} every rejected row with its file and line. Loaded back together, they give the same numbers.
          </span>
        )}
      </div>
      {error && <div className="query-error" role="alert">Export failed: {error}</div>}
    </section>
  );
}
