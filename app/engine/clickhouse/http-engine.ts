import { randomUUID } from 'node:crypto';
import type { SqlValue, UntypedRow } from '../engine';
import type { ClickHouseEngine } from './clickhouse-engine';
import { rowsOfIPC } from '../arrow-rows';
import { CLICKHOUSE_SESSION_SETTINGS } from '../sql/dialect';
import { requireOptionalPackage } from './optional-package';
import { toClickHouseParameters } from './query-parameters';

/** The part of `@clickhouse/client` (1.x) the engine uses. */
interface ClickHouseClient {
  query(params: { query: string; format: 'JSONEachRow'; query_params?: Record<string, unknown> }): Promise<{ json<Row>(): Promise<Row[]> }>;
  command(params: { query: string }): Promise<unknown>;
  insert(params: { table: string; values: readonly Record<string, unknown>[]; format: 'JSONEachRow' }): Promise<unknown>;
  close(): Promise<void>;
}

interface ClickHouseClientModule {
  createClient(config: {
    url: string;
    database?: string;
    username?: string;
    password?: string;
    session_id?: string;
    clickhouse_settings?: Record<string, string | number>;
    log?: { level: number };
  }): ClickHouseClient;
}

/** `ClickHouseLogLevel.OFF` of @clickhouse/client. */
const CLIENT_LOG_OFF = 127;

export interface HttpEngineOptions {
  /** e.g. https://host:8443; user and password may be in it or given apart. */
  url: string;
  database?: string;
  username?: string;
  password?: string;
  /** Install `@clickhouse/client` into `.cache/clickhouse-client` first when it is missing. */
  install?: boolean;
}

/**
 * A ClickHouse server over HTTP (`@clickhouse/client`, loaded on demand from its cache directory,
 * never part of the default install) behind the Engine interface: the command line's
 * `--engine clickhouse --url URL`. Statements are run one at a time (HTTP takes one per request);
 * every query runs with the settings that make the shared SQL mean what it means in DuckDB.
 * Untested against a server here: the test runs when CLICKHOUSE_URL is set.
 */
export async function createHttpEngine(options: HttpEngineOptions): Promise<ClickHouseEngine> {
  const { createClient } = requireOptionalPackage<ClickHouseClientModule>('client', { install: options.install });
  const client = createClient({
    url: options.url,
    database: options.database,
    username: options.username,
    password: options.password,
    // temporary tables (the derived tables of one report) live in a session; HTTP has none without it
    session_id: randomUUID(),
    clickhouse_settings: { ...CLICKHOUSE_SESSION_SETTINGS },
    // the client's own logger prints a refused connection's stack before the command's one-line error
    log: { level: CLIENT_LOG_OFF },
  });
  return {
    async query(sql: string, params: readonly SqlValue[] = []) {
      const statement = toClickHouseParameters(sql, params);
      const result = await client.query({ query: statement.sql, format: 'JSONEachRow', query_params: statement.params });
      return result.json<UntypedRow>();
    },
    async exec(sql: string) {
      await client.command({ query: sql });
    },
    async insertArrowIPC(table: string, ipc: Uint8Array) {
      const values = rowsOfIPC(ipc);
      if (values.length > 0) await client.insert({ table, values, format: 'JSONEachRow' });
    },
    async insertRows(table: string, rows: readonly Record<string, unknown>[]) {
      if (rows.length > 0) await client.insert({ table, values: [...rows], format: 'JSONEachRow' });
    },
    async close() {
      await client.close();
    },
  };
}
