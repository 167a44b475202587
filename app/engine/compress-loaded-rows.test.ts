import { afterEach, describe, expect, it } from 'vitest';
import { loadFiles } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { nodeInputFile } from '../ingest/node-files';
import { GOOD_SAMPLE_LOGS } from '../ingest/sample-logs-path';
import type { Engine } from './engine';
import { compressLoadedRows } from './dataset';
import { computeMetricsReport, ensureDerivedTables } from './metrics-report';
import { createNodeEngines } from './node-engine';
import { createTestEngine } from './sql/metrics/fixtures';

const engines: Engine[] = [];
afterEach(async () => { await Promise.all(engines.splice(0).map((engine) => engine.close())); });

/** How the retrieval table's column segments are stored: persistent (checkpointed) or not, and compressed how. */
async function storage(engine: Engine) {
  const rows = await engine.query(`SELECT persistent, compression, count(*)::INTEGER AS segments FROM pragma_storage_info('events_retrieval') GROUP BY ALL`);
  return {
    persistent: rows.filter((row) => row.persistent).reduce((sum, row) => sum + Number(row.segments), 0),
    inMemoryOnly: rows.filter((row) => !row.persistent).reduce((sum, row) => sum + Number(row.segments), 0),
    compressions: [...new Set(rows.map((row) => String(row.compression)))].sort(),
  };
}
const tableMemory = async (engine: Engine) => Number((await engine.query(`SELECT sum(memory_usage_bytes)::BIGINT AS bytes FROM duckdb_memory() WHERE tag = 'IN_MEMORY_TABLE'`))[0].bytes);

describe('compressLoadedRows: the checkpoint after a load', () => {
  it('stores the loaded rows compressed, in less memory, with the same report', async () => {
    const engine = await createTestEngine();
    engines.push(engine);
    // The sample logs. loadFiles commits each file, then brings the post-load tables up to date (finalizeLoad), as the tab's load does.
    await loadFiles(engine, GOOD_SAMPLE_LOGS.map((file) => nodeInputFile(file)), new LoadState());
    const before = { storage: await storage(engine), memory: await tableMemory(engine) };
    await ensureDerivedTables(engine);
    const report = await computeMetricsReport(engine);

    await compressLoadedRows(engine);
    const after = { storage: await storage(engine), memory: await tableMemory(engine) };

    expect(before.storage).toMatchObject({ persistent: 0, compressions: ['Uncompressed'] });
    expect(before.storage.inMemoryOnly).toBeGreaterThan(0);
    expect(after.storage.inMemoryOnly).toBe(0);
    expect(after.storage.compressions).toEqual(expect.arrayContaining(['DICT_FSST']));
    expect(after.memory).toBeLessThan(before.memory / 2);
    expect(await computeMetricsReport(engine)).toEqual(report);
  });

  it('is skipped while another connection has a write open, and other errors still fail it', async () => {
    const [loader, other] = await createNodeEngines(2);
    engines.push(loader, other);
    await other.exec('CREATE TABLE t (x INTEGER)');
    await other.exec('BEGIN TRANSACTION');
    await other.exec('INSERT INTO t VALUES (1)');
    await expect(loader.exec('CHECKPOINT')).rejects.toThrow(/Cannot CHECKPOINT: there are other write transactions active/);
    await expect(compressLoadedRows(loader)).resolves.toBeUndefined();
    await other.exec('COMMIT');
    await expect(compressLoadedRows({ exec: () => loader.exec('CHECKPOINT no_such_database') })).rejects.toThrow(/no_such_database/);
  });
});
