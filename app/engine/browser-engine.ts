import { AsyncDuckDB, ConsoleLogger, LogLevel, selectBundle, type DuckDBBundles } from '@duckdb/duckdb-wasm';
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import ehWasm from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import mvpWasm from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import type { Engine, SqlValue } from './engine';
import { arrowToRows } from './arrow-rows';

// Bundles are served from our own origin: duckdb-wasm's default bundles point at a CDN.
const BUNDLES: DuckDBBundles = {
  mvp: { mainModule: mvpWasm, mainWorker: mvpWorker },
  eh: { mainModule: ehWasm, mainWorker: ehWorker },
};

/** DuckDB-wasm in its own Web Worker; queries are serialized on one connection. */
export async function createBrowserEngine(): Promise<Engine> {
  const bundle = await selectBundle(BUNDLES);
  const worker = new Worker(bundle.mainWorker!);
  const db = new AsyncDuckDB(new ConsoleLogger(LogLevel.WARNING), worker);
  await db.instantiate(bundle.mainModule, bundle.pthreadWorker);
  const connection = await db.connect();

  return {
    async query<Row>(sql: string, params: readonly SqlValue[] = []) {
      if (params.length === 0) return arrowToRows<Row>(await connection.query(sql));
      const statement = await connection.prepare(sql);
      try {
        return arrowToRows<Row>(await statement.query(...params));
      } finally {
        await statement.close();
      }
    },
    async exec(sql: string) {
      await connection.query(sql);
    },
    async insertArrowIPC(table: string, ipc: Uint8Array) {
      await connection.insertArrowFromIPCStream(ipc, { name: table, create: false });
    },
    async close() {
      await connection.close();
      await db.terminate();
    },
  };
}
