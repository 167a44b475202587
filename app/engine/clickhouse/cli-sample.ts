import { EVENT_TYPES, EVENT_TYPE_NAMES } from '../../schema/event-types';
import { specOfColumns } from '../sql/core/row-spec';
import { run } from '../sql/core/run';
import { sql } from '../sql/core/sql-query';
import { EXPORTED_EVENT_COLUMNS } from '../sql/dataset-export';
import type { ClickHouseEngine } from './clickhouse-engine';
import { chIdent } from './events-schema';

/** The temporary table of the sessions `--write-parquet` brings back. */
const SAMPLED = 'cli_sampled_sessions';
const ROWS_PER_PAGE = 50_000;
const EXPORTED_EVENT_ROW = specOfColumns(EXPORTED_EVENT_COLUMNS);

/**
 * Picks `count` sessions as `export --sample-sessions` does (sql/session-export.ts
 * `sampleSessionsQuery`): ordered by the md5 of `seed:session_id` in hex, then the id, so that
 * both engines pick the same sessions of the same events. Keeps them for `sampledEventPages`.
 */
export async function pickSampledSessions(engine: ClickHouseEngine, count: number, seed: string): Promise<string[]> {
  const rows = await run(engine,
    sql`SELECT session_id FROM session_summary ORDER BY lower(hex(MD5(concat(${seed}, ':', session_id)))), session_id LIMIT ${count}`,
    { session_id: 'string' },
  );
  await engine.exec(`CREATE TEMPORARY TABLE ${SAMPLED} (session_id String) ENGINE = MergeTree ORDER BY tuple()`);
  await engine.insertRows(SAMPLED, rows);
  return rows.map((row) => row.session_id);
}

const inSample = (column: string) => `${column} IN (SELECT session_id FROM ${SAMPLED})`;
const sampledColumn = (view: string, column: string) => `(SELECT ${column} FROM ${view} WHERE ${column} IS NOT NULL AND ${inSample('session_id')})`;
const quoted = (types: readonly string[]) => `[${types.map((type) => `'${type}'`).join(', ')}]`;
const SESSION_TYPES = EVENT_TYPE_NAMES.filter((type) => (EVENT_TYPES[type].required as readonly string[]).includes('session_id'));
const REFERENCE_TYPES = EVENT_TYPE_NAMES.filter((type) => type !== 'label' && !SESSION_TYPES.includes(type));

/**
 * Which events a sample keeps, as session-export.ts `sampleCondition` says it: every event of a
 * sampled session; a label when what it labels is in one; the reference rows whole.
 */
const SAMPLE_CONDITION = `(has(${quoted(SESSION_TYPES)}, type) AND ${inSample('session_id')})
  OR has(${quoted(REFERENCE_TYPES)}, type)
  OR (type = 'label' AND (${inSample('session_id')}
    OR retrieval_id IN ${sampledColumn('retrievals', 'retrieval_id')}
    OR turn_id IN ${sampledColumn('events', 'turn_id')}
    OR target_event_id IN ${sampledColumn('events', 'event_id')}
    OR (retrieval_id IS NULL AND query IN ${sampledColumn('retrievals', 'query')})))`;

/**
 * The sampled sessions' events with the Parquet export's columns, in `seq` order, one page (a
 * range of `seq`) at a time: never the whole table at once.
 */
export async function* sampledEventPages(engine: ClickHouseEngine): AsyncGenerator<Record<string, unknown>[]> {
  const [range] = await run(engine, 'SELECT toFloat64(min(seq)) AS first, toFloat64(max(seq)) AS last FROM events', { first: 'number|null', last: 'number|null' });
  if (range.first === null || range.last === null) return;
  const columns = EXPORTED_EVENT_COLUMNS.map((column) => chIdent(column.name)).join(', ');
  for (let from = range.first; from <= range.last; from += ROWS_PER_PAGE) {
    const rows = await run(engine,
      { sql: `SELECT ${columns} FROM events WHERE seq >= ? AND seq < ? AND (${SAMPLE_CONDITION}) ORDER BY seq`, params: [from, from + ROWS_PER_PAGE] },
      EXPORTED_EVENT_ROW,
    );
    if (rows.length > 0) yield rows;
  }
}
