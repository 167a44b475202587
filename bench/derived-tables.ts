// The derived tables a browser load builds after its last insert, in Node on the wasm engine over
// one file loaded the app's way:
//   node scripts/derived-bench.mjs [FILE] [ROUNDS] [TABLE,…]
// First the pass a load runs (finalizeLoad's tables, then ensureDerivedTables'), each statement
// timed; then, ROUNDS times, each table built whole, CPU time of this process (the engine runs in
// it). The SQL before the rewrite of issue 12, which this bench once timed beside today's, is in
// git history (app/engine/derived/derived-sql-before.fixture.ts, removed in issue 29); the
// figures are in docs/performance.md.
import { loadavg } from 'node:os';
import { initDataset, recordFile } from '../app/engine/dataset';
import { updateDerivedTables } from '../app/engine/derived/update-derived-tables';
import type { Engine } from '../app/engine/engine';
import { createNodeEngine } from '../app/engine/node-engine';
import { DERIVED_TABLES, METRIC_TABLES, POST_LOAD_TABLES } from '../app/engine/sql/derived/registry';
import { ingestFile } from '../app/ingest/ingest-file';
import { nodeInputFile } from '../app/ingest/node-files';

const [file = '.bench/events-1000000.jsonl', roundsArg = '3', only] = process.argv.slice(2);
const rounds = Number(roundsArg);
const tables = DERIVED_TABLES.map((table) => table.name).filter((name) => !only || only.split(',').includes(name));

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function cpuMs(run: () => Promise<unknown>): Promise<number> {
  const started = cpuNow();
  await run();
  return cpuNow() - started;
}

/** The engine, with the CPU time of every statement it ran. */
function timed(engine: Engine) {
  const statements: { sql: string; ms: number }[] = [];
  const record = async <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const started = cpuNow();
    try {
      return await run();
    } finally {
      statements.push({ sql: sql.replace(/\s+/g, ' ').slice(0, 110), ms: cpuNow() - started });
    }
  };
  const wrapped: Engine = {
    query: (sql, params) => record(sql, () => engine.query(sql, params)),
    exec: (sql) => record(sql, () => engine.exec(sql)),
    insertArrowIPC: (table, ipc) => engine.insertArrowIPC(table, ipc),
    close: () => engine.close(),
  };
  return { engine: wrapped, statements };
}

const engine = await createNodeEngine();
await initDataset(engine);
const input = nodeInputFile(file);
await engine.exec('BEGIN TRANSACTION');
const loaded = await ingestFile({
  fileId: 1, fileName: input.name, stream: input.stream(), totalBytes: input.size, seqStart: 0, seenRetrievalIds: new Set(),
  target: { insert: (table, ipc) => engine.insertArrowIPC(table, ipc) },
});
await recordFile(engine, loaded);
await engine.exec('COMMIT');
console.log(`${file}: ${loaded.events} events; load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);

// The pass a browser load runs, one table at a time, each statement timed.
const pass = timed(engine);
const passMs: Record<string, number> = {};
for (const name of [...POST_LOAD_TABLES, ...METRIC_TABLES]) {
  pass.statements.length = 0;
  passMs[name] = Math.round(await cpuMs(() => updateDerivedTables(pass.engine, [name])));
  const top = [...pass.statements].sort((a, b) => b.ms - a.ms).slice(0, 3).map((s) => `${Math.round(s.ms)} ms ${s.sql}`);
  console.log(`load pass ${name}: ${passMs[name]} ms CPU\n    ${top.join('\n    ')}`);
}
// one line for scripts/derived-bench.mjs --pass
console.log(`load-pass-json ${JSON.stringify(passMs)}`);

const SQL = new Map(DERIVED_TABLES.map((table) => [table.name, table.select(null)]));
const times = new Map(tables.map((name) => [name, [] as number[]]));
for (let round = 0; round < rounds; round++) {
  for (const name of tables) {
    times.get(name)!.push(await cpuMs(() => engine.exec(`CREATE OR REPLACE TABLE bench_build AS ${SQL.get(name)!}`)));
    await engine.exec('DROP TABLE bench_build');
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`\nCPU ms per build, ${rounds} rounds; load average now ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
console.table(Object.fromEntries([...times].map(([name, ms]) => [name, {
  builds: ms.map(Math.round).join(' / '),
  median: Math.round(median(ms)),
}])));
await engine.close();
