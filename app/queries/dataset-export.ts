import { datasetCoordinator } from '../engine/dataset-coordinator';
import type { Engine } from '../engine/engine';
import { EXPORT_FILE_NAMES } from '../export/export-files';

export { EXPORT_FILE_NAMES };

export type ExportedTable = keyof typeof EXPORT_FILE_NAMES;

/**
 * One table of the loaded dataset as a Parquet file (export/export-dataset.ts), written in
 * the page from pages of rows read in one coordinator job (screens' queries wait for it). The
 * writer is loaded on first use.
 */
export async function exportDatasetParquet(engine: Engine, table: ExportedTable, onRows?: (rows: number) => void): Promise<Uint8Array> {
  const [{ ByteWriter }, { writeEventsParquet, writeRejectedParquet }] = await Promise.all([
    import('hyparquet-writer'),
    import('../export/export-dataset'),
  ]);
  return datasetCoordinator(engine).read(async ({ engine: reader }) => {
    const writer = new ByteWriter();
    await (table === 'events' ? writeEventsParquet : writeRejectedParquet)(reader, writer, onRows);
    return writer.getBytes();
  });
}
