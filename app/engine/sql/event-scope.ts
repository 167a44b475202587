import { DUCKDB, type SqlDialect } from './dialect';
import { joinSql, rawSql, sql, type SqlQuery } from './core/sql-query';
import type { EventScope } from '../../model/event-scope';

/**
 * The first category logged on a prompt of each turn (turn_id, category); other events of the
 * turn take it. `turns` narrows it to some turns (a condition on `turn_id`).
 */
export const turnCategories = (turns = 'TRUE', dialect: SqlDialect = DUCKDB) => `(SELECT turn_id, ${dialect.argMin('category', 'seq')} AS category FROM prompts
  WHERE turn_id IS NOT NULL AND category IS NOT NULL AND ${turns} GROUP BY turn_id)`;

/**
 * The category of an event that targets no response (a prompt, retrieval, action, gate):
 * its own, else its turn's, with `turn` a `turnCategories` row joined on the event's turn_id.
 */
export const ownOrTurnCategory = (event: string, turn: string) => `coalesce(${event}.category, ${turn}.category)`;

/**
 * Every event of `view` (a type view: `gates`, `feedback`, …, or `events`) with two more columns:
 * `scope_category`, the event's own `category`, else its turn's prompt's, else (feedback) that of
 * the turn of the response it targets; and `scope_week`, its ts's ISO week (null without ts).
 * The one place that says what an event's category is.
 */
export function scopedEvents(view: string, dialect: SqlDialect = DUCKDB): SqlQuery {
  const turnCategory = rawSql(turnCategories('TRUE', dialect));
  return sql`(SELECT v.*, coalesce(${rawSql(ownOrTurnCategory('v', 'own_turn'))}, target_turn.category) AS scope_category,
       CASE WHEN v.ts IS NULL THEN NULL ELSE ${rawSql(dialect.isoWeek('v.ts'))} END AS scope_week
FROM ${rawSql(view)} v
LEFT JOIN ${turnCategory} own_turn ON own_turn.turn_id = v.turn_id
LEFT JOIN (SELECT event_id, ${rawSql(dialect.anyValue('turn_id'))} AS turn_id FROM responses WHERE event_id IS NOT NULL GROUP BY event_id) target ON target.event_id = v.target_event_id
LEFT JOIN ${turnCategory} target_turn ON target_turn.turn_id = target.turn_id)`;
}

/** The scope as a condition on a `scopedEvents` relation named `alias`. */
export function scopeFilter(scope: EventScope, alias: string): SqlQuery {
  const relation = rawSql(alias);
  const parts: SqlQuery[] = [sql`TRUE`];
  if (scope.surface !== null) parts.push(sql`${relation}.surface = ${scope.surface}`);
  if (scope.category !== null) parts.push(sql`${relation}.scope_category = ${scope.category}`);
  if (scope.system !== null) parts.push(sql`${relation}.run_id = ${scope.system}`);
  if (scope.week !== null) parts.push(sql`${relation}.scope_week = ${scope.week}`);
  return joinSql(parts, ' AND ');
}
