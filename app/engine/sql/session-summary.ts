import { EVENT_TYPE_NAMES, type EventType } from '../../schema/event-types';
import { actionRuleSql } from './action-rules';
import { literal } from './quote';
import { keyIn, type KeyScope } from './derived/table';

/** Bit i set when the session has an event of type EVENT_TYPE_NAMES[i] (a list of names costs 10 times more to build). */
const EVENT_TYPE_BITS_SQL = `bit_or(CASE type ${EVENT_TYPE_NAMES.map((type, i) => `WHEN ${literal(type)} THEN ${2 ** i}`).join(' ')} END)::INTEGER`;

/** The types whose bits are set in `event_type_bits`. */
export const typesOfBits = (bits: number): EventType[] => EVENT_TYPE_NAMES.filter((_, i) => (bits & (2 ** i)) !== 0);

/**
 * `session_summary`, derived after every load: one row per session for the sessions screen, from
 * that session's events only; `event_type_bits` lets the inspector read only those types' tables,
 * and `min_seq`…`max_seq` only the part of them that holds the session (loads append in `seq`
 * order, so each row group's `seq` range lets DuckDB skip the others).
 */
export const sessionSummarySelect = (scope: KeyScope) => `
SELECT session_id,
       arg_min(user_id, seq) FILTER (WHERE user_id IS NOT NULL) AS user_id,
       arg_min(surface, seq) FILTER (WHERE surface IS NOT NULL) AS surface,
       arg_min(run_id, seq) FILTER (WHERE run_id IS NOT NULL) AS run_id,
       min(ts) AS start_ts,
       max(ts) - min(ts) AS duration_ms,
       count(*)::INTEGER AS events,
       count(*) FILTER (WHERE type = 'prompt')::INTEGER AS prompts,
       count(*) FILTER (WHERE type = 'retrieval')::INTEGER AS retrievals,
       count(*) FILTER (WHERE type = 'action')::INTEGER AS actions,
       count(*) FILTER (WHERE type = 'action' AND ${actionRuleSql('completion')})::INTEGER AS completions,
       ${EVENT_TYPE_BITS_SQL} AS event_type_bits,
       min(seq) AS min_seq,
       max(seq) AS max_seq
FROM events
WHERE session_id IS NOT NULL AND ${keyIn(scope, 'session_id')}
GROUP BY session_id`;
