// The Parquet baseline of the browser bench (bundled by bench-floors.mjs into a Blob-URL worker):
// decodes every row group of the posted file with hyparquet and the compressors the app's
// import uses (app/ingest/parquet/ingest-parquet.ts), reading it by byte ranges as the app
// does, and only counts the rows: no validation, no Arrow, no DuckDB.
import { parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';

onmessage = async (message) => {
  try {
    const blob = message.data;
    const started = performance.now();
    const file = { byteLength: blob.size, slice: (start, end) => blob.slice(start, end).arrayBuffer() };
    const metadata = await parquetMetadataAsync(file);
    let rows = 0;
    for (const group of metadata.row_groups) {
      const count = Number(group.num_rows);
      rows += (await parquetReadObjects({ file, metadata, compressors, rowStart: rows, rowEnd: rows + count })).length;
    }
    postMessage({ ms: performance.now() - started, rows, rowGroups: metadata.row_groups.length });
  } catch (error) {
    postMessage({ error: String(error?.stack ?? error) });
  }
};
