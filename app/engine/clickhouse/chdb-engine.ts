import type { SqlValue } from '../engine';
import type { ClickHouseEngine } from './clickhouse-engine';
import { CLICKHOUSE_SESSION_SETTINGS } from '../sql/dialect';
import { arrowIPCToJsonEachRow, parseJsonEachRow } from './json-rows';
import { loadChdb, type ChdbSession } from './load-chdb';
import { toClickHouseParameters } from './query-parameters';

export interface ChdbEngineOptions {
  /** A directory for chdb's data (kept after close); by default a temporary one, removed on close. */
  path?: string;
  /** Install chdb into `.cache/chdb` first when it is missing (tests with RI_CHDB=1). */
  install?: boolean;
}

/**
 * Embedded ClickHouse (chdb) behind the Engine interface: the tests' ClickHouse, no server. The
 * SQL must be ClickHouse's (write it through `../sql/dialect.ts`); `?` and `$n` placeholders are
 * bound as ClickHouse query parameters (`query-parameters.ts`). chdb allows one open session per
 * process, so close an engine before creating the next.
 */
export async function createChdbEngine(options: ChdbEngineOptions = {}): Promise<ClickHouseEngine> {
  const { Session } = loadChdb({ install: options.install });
  const connectionArgs = Object.entries(CLICKHOUSE_SESSION_SETTINGS).map(([name, value]) => `--${name}=${value}`);
  const session: ChdbSession = new Session(options.path, { connectionArgs });
  return {
    async query(sql: string, params: readonly SqlValue[] = []) {
      const statement = toClickHouseParameters(sql, params);
      const result = Object.keys(statement.params).length > 0
        ? await session.queryBindAsync(statement.sql, statement.params, { format: 'JSONEachRow' })
        : await session.queryAsync(statement.sql, { format: 'JSONEachRow' });
      return parseJsonEachRow(result.text());
    },
    async exec(sql: string) {
      await session.queryAsync(sql);
    },
    async insertArrowIPC(table: string, ipc: Uint8Array) {
      const values = arrowIPCToJsonEachRow(ipc);
      if (values !== '') await session.insert({ table, values, format: 'JSONEachRow' });
    },
    async insertRows(table: string, rows: readonly Record<string, unknown>[]) {
      if (rows.length > 0) await session.insert({ table, values: rows.map((row) => JSON.stringify(row)).join('\n'), format: 'JSONEachRow' });
    },
    async close() {
      session.close();
    },
  };
}
