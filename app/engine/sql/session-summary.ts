import { EVENT_TYPE_NAMES, type EventType } from '../../schema/event-types';
import { actionRuleSql } from './action-rules';
import { DUCKDB, type SqlDialect } from './dialect';
import { literal } from './core/quote';
import { keyIn, type KeyScope } from './derived/table';

/** Bit i set when the session has an event of type EVENT_TYPE_NAMES[i] (a list of names costs 10 times more to build). */
const eventTypeBitsSql = (dialect: SqlDialect) => `${dialect.bitOr(`CASE type ${EVENT_TYPE_NAMES.map((type, i) => `WHEN ${literal(type)} THEN ${2 ** i}`).join(' ')} END`)}::INTEGER`;

/** The types whose bits are set in `event_type_bits`. */
export const typesOfBits = (bits: number): EventType[] => EVENT_TYPE_NAMES.filter((_, i) => (bits & (2 ** i)) !== 0);

/**
 * `session_summary`, derived after every load: one row per session for the sessions screen, from
 * that session's events only; `event_type_bits` lets the inspector read only those types' tables,
 * and `min_seq`…`max_seq` only the part of them that holds the session (loads append in `seq`
 * order, so each row group's `seq` range lets DuckDB skip the others).
 */
export const sessionSummarySelect = (scope: KeyScope, dialect: SqlDialect = DUCKDB) => `
SELECT session_id,
       ${dialect.aggregateWhere('arg_min', ['user_id', 'seq'], 'user_id IS NOT NULL')} AS user_id,
       ${dialect.aggregateWhere('arg_min', ['surface', 'seq'], 'surface IS NOT NULL')} AS surface,
       ${dialect.aggregateWhere('arg_min', ['run_id', 'seq'], 'run_id IS NOT NULL')} AS run_id,
       min(ts) AS start_ts,
       max(ts) - min(ts) AS duration_ms,
       count(*)::INTEGER AS events,
       ${dialect.countWhere("type = 'prompt'")}::INTEGER AS prompts,
       ${dialect.countWhere("type = 'retrieval'")}::INTEGER AS retrievals,
       ${dialect.countWhere("type = 'action'")}::INTEGER AS actions,
       ${dialect.countWhere(`type = 'action' AND ${actionRuleSql('completion')}`)}::INTEGER AS completions,
       ${eventTypeBitsSql(dialect)} AS event_type_bits,
       min(seq) AS min_seq,
       max(seq) AS max_seq
FROM events
WHERE session_id IS NOT NULL AND ${keyIn(scope, 'session_id')}
GROUP BY session_id`;
