import { createRequire } from 'node:module';
import path from 'node:path';
import type { Table } from 'apache-arrow';
import type { Engine, SqlValue } from './engine';
import { arrowToRows } from './arrow-rows';

interface BlockingConnection {
  query(sql: string): Table;
  prepare(sql: string): { query(...params: unknown[]): Table; close(): void };
  insertArrowFromIPCStream(buffer: Uint8Array, options: { name: string; create?: boolean }): void;
  close(): void;
}

/** DuckDB-wasm's Node bundle, the same engine and SQL the browser runs. */
export async function createNodeEngine(): Promise<Engine> {
  const [engine] = await createNodeEngines(1);
  return engine;
}

/**
 * `count` engines on one DuckDB-wasm database, each on a connection of its own (a test of what a
 * transaction open on one does to another's statements). The database goes with the last closed.
 */
export async function createNodeEngines(count: number): Promise<Engine[]> {
  const require = createRequire(import.meta.url);
  const duckdb = require('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs');
  const dist = path.dirname(require.resolve('@duckdb/duckdb-wasm/dist/duckdb-eh.wasm'));
  const bundles = {
    mvp: { mainModule: path.join(dist, 'duckdb-mvp.wasm'), mainWorker: path.join(dist, 'duckdb-node-mvp.worker.cjs') },
    eh: { mainModule: path.join(dist, 'duckdb-eh.wasm'), mainWorker: path.join(dist, 'duckdb-node-eh.worker.cjs') },
  };
  const db = await duckdb.createDuckDB(bundles, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate(() => {});
  let open = count;
  return Array.from({ length: count }, () => engineOn(db.connect(), () => {
    open -= 1;
    if (open === 0) db.reset?.();
  }));
}

function engineOn(connection: BlockingConnection, closed: () => void): Engine {
  return {
    async query(sql: string, params: readonly SqlValue[] = []) {
      if (params.length === 0) return arrowToRows(connection.query(sql));
      const statement = connection.prepare(sql);
      try {
        return arrowToRows(statement.query(...params));
      } finally {
        statement.close();
      }
    },
    async exec(sql: string) {
      connection.query(sql);
    },
    async insertArrowIPC(table: string, ipc: Uint8Array) {
      connection.insertArrowFromIPCStream(ipc, { name: table, create: false });
    },
    async close() {
      connection.close();
      closed();
    },
  };
}
