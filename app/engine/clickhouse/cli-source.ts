import { EVENT_TYPE_NAMES } from '../../schema/event-types';
import { run } from '../sql/core/run';
import { sql } from '../sql/core/sql-query';
import { EXPORTED_EVENT_COLUMNS, EXPORTED_REJECTED_COLUMNS } from '../sql/dataset-export';
import { TYPE_VIEWS } from '../sql/ddl';
import type { SqlValue } from '../engine';
import type { ClickHouseEngine } from './clickhouse-engine';
import { CLICKHOUSE_TYPE, chIdent } from './events-schema';
import { otelTracesEventsStatements } from './otel-traces';

/** What `report --engine clickhouse` reads: a table of this product's events or the exporter's spans. */
export interface ClickHouseSource {
  database?: string;
  table?: string;
  otelTraces: boolean;
  /** otel_traces only: keep the spans of this ServiceName (bound, in the source's WHERE). */
  service?: string;
  /** Keep the events with from <= ts < to (and those without a ts), the spans by Timestamp; epoch ms, bound. */
  window?: { from?: number; to?: number };
}

/** The source's WHERE: each bound value a parameter, never SQL text. */
function sourceFilter(source: ClickHouseSource): { sql: string; params: SqlValue[] } {
  const where: string[] = [];
  const params: SqlValue[] = [];
  const ts = source.otelTraces ? 'Timestamp' : 'ts';
  // a DateTime64 bound as one, so that the exporter's partitions (by day) and ordering key prune
  const bound = () => (source.otelTraces ? 'fromUnixTimestamp64Milli(toInt64(?))' : '?');
  if (source.service !== undefined) {
    where.push('ServiceName = ?');
    params.push(source.service);
  }
  const { from, to } = source.window ?? {};
  const range: string[] = [];
  if (from !== undefined) {
    range.push(`${ts} >= ${bound()}`);
    params.push(from);
  }
  if (to !== undefined) {
    range.push(`${ts} < ${bound()}`);
    params.push(to);
  }
  if (range.length > 0) where.push(source.otelTraces ? range.join(' AND ') : `(ts IS NULL OR (${range.join(' AND ')}))`);
  return { sql: where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '', params };
}

const SPANS = 'cli_otel_spans';
const columnsSql = (columns: { name: string }[]) => columns.map((column) => chIdent(column.name)).join(', ');

/** The table read when none is named: this product's events, or the exporter's spans with `otelTraces`. */
export const CLICKHOUSE_EVENTS_TABLE = 'events';
export const OTEL_TRACES_TABLE = 'otel_traces';

/**
 * The names the report's SQL reads (`events`, a view per type, `rejected`, `session_summary`) as
 * temporary tables and views of this connection over the source: nothing is created in the
 * user's database. The table is read in place (a view), or once into a temporary table when
 * the service or window cut it (bound values, which a view cannot hold); the spans of an
 * `otel_traces` table are mapped to events once, into a temporary table (the mapping is too
 * heavy to repeat in every section). Returns the qualified name of the table read.
 */
export async function prepareClickHouseSource(engine: ClickHouseEngine, source: ClickHouseSource): Promise<string> {
  const [{ db }] = await run(engine, 'SELECT currentDatabase() AS db', { db: 'string' });
  const database = source.database ?? db;
  const table = source.table ?? (source.otelTraces ? OTEL_TRACES_TABLE : CLICKHOUSE_EVENTS_TABLE);
  const qualified = `${database}.${table}`;
  const exists = async (name: string) =>
    (await run(engine, sql`SELECT count() AS n FROM system.tables WHERE database = ${database} AND name = ${name}`, { n: 'number' }))[0].n > 0;
  if (!(await exists(table))) throw new Error(`no table ${qualified}`);
  if (source.otelTraces) {
    const filter = sourceFilter(source);
    if (filter.params.length === 0) await engine.exec(`CREATE TEMPORARY VIEW ${SPANS} AS SELECT * FROM ${chIdent(qualified)}`);
    else await engine.query(`CREATE TEMPORARY TABLE ${SPANS} ENGINE = MergeTree ORDER BY tuple() AS SELECT * FROM ${chIdent(qualified)}${filter.sql}`, filter.params);
    // Typed as an events table (the mapping leaves some columns a bare NULL, which no table takes).
    const typed = EXPORTED_EVENT_COLUMNS.map((column) => `${chIdent(column.name)} ${CLICKHOUSE_TYPE[column.kind]}`).join(', ');
    await engine.exec(`CREATE TEMPORARY TABLE events (\`seq\` Int64, ${typed}) ENGINE = MergeTree ORDER BY tuple()`);
    const mapping = otelTracesEventsStatements(SPANS);
    for (const statement of mapping.stages) await engine.exec(statement);
    await engine.exec(`INSERT INTO events (\`seq\`, ${columnsSql(EXPORTED_EVENT_COLUMNS)}) SELECT \`seq\`, ${columnsSql(EXPORTED_EVENT_COLUMNS)} FROM (${mapping.select})`);
    for (const statement of mapping.drop) await engine.exec(statement);
    await engine.exec(`CREATE TEMPORARY TABLE rejected (${EXPORTED_REJECTED_COLUMNS.map((c) => `${chIdent(c.name)} Nullable(String)`).join(', ')}) ENGINE = MergeTree ORDER BY tuple()`);
  } else {
    const read = `SELECT seq, ${columnsSql(EXPORTED_EVENT_COLUMNS)} FROM ${chIdent(qualified)}`;
    const filter = sourceFilter(source);
    if (filter.params.length === 0) await engine.exec(`CREATE TEMPORARY VIEW events AS ${read}`);
    else await engine.query(`CREATE TEMPORARY TABLE events ENGINE = MergeTree ORDER BY tuple() AS ${read}${filter.sql}`, filter.params);
    // The Parquet export's rejected rows, when they were loaded beside the events as `rejected`.
    const rejected = (await exists('rejected')) && table !== 'rejected'
      ? `SELECT * FROM ${chIdent(`${database}.rejected`)}`
      : `SELECT ${EXPORTED_REJECTED_COLUMNS.map((c) => `CAST(NULL AS Nullable(String)) AS ${chIdent(c.name)}`).join(', ')} LIMIT 0`;
    await engine.exec(`CREATE TEMPORARY VIEW rejected AS ${rejected}`);
  }
  for (const type of EVENT_TYPE_NAMES) {
    await engine.exec(`CREATE TEMPORARY VIEW ${chIdent(TYPE_VIEWS[type])} AS SELECT * FROM events WHERE type = '${type}'`);
  }
  await engine.exec('CREATE TEMPORARY VIEW session_summary AS SELECT session_id, min(ts) AS start_ts, count() AS events FROM events WHERE session_id IS NOT NULL GROUP BY session_id');
  return qualified;
}
