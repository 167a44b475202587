import type { MetricSettings } from '../../../model/metrics/settings';
import { actionRuleSql } from '../action-rules';
import { keyIn, type KeyScope } from '../derived/table';
import { DUCKDB, type SqlDialect } from '../dialect';
import { ownOrTurnCategory, turnCategories } from '../event-scope';
import { filtersByCategory, OWN_COLUMNS, settingsFilter } from './filters';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';
import type { Tier0Row } from '../../../model/metrics/rows';
import { specOf } from '../core/row-spec';

/**
 * One row per prompt with what Tier 0 needs (docs/metrics.md, Tier 0); data-only, derived after a
 * load. A prompt invoked retrieval when a retrieval has its `turn_id` (a prompt without
 * `turn_id` cannot be matched and counts as not invoking). A rewrite (`rewrite_of` set) is a
 * search rewrite when the rephrased turn had a retrieval, else a downstream correction. Its
 * category is its own, else its turn's (event-scope.ts).
 */
export function promptFactsSelect(scope: KeyScope, dialect: SqlDialect = DUCKDB): string {
  // With a scope, only the turns its prompts name or rephrase are looked up among the retrievals.
  const prompts = scope ? 'scoped_prompts' : 'prompts';
  const namedTurns = scope ? 'turn_id IN (SELECT turn_id FROM scoped_prompts UNION ALL SELECT rewrite_of FROM scoped_prompts)' : 'TRUE';
  return `
WITH ${scope ? `scoped_prompts AS MATERIALIZED (SELECT * FROM prompts WHERE ${keyIn(scope, 'event_id')}),` : ''}
retrieval_turns AS (SELECT DISTINCT turn_id FROM retrievals WHERE turn_id IS NOT NULL AND ${namedTurns})
SELECT ${['event_id', 'turn_id', 'ts', 'surface', 'run_id'].map((column) => dialect.column('p', column)).join(', ')}, ${ownOrTurnCategory('p', 'tc')} AS category,
       invoked.turn_id IS NOT NULL AS invoked,
       intent.turn_id IS NOT NULL AS intent_labeled,
       ${dialect.column('intent', 'retrieval_intent')},
       coalesce(${dialect.listLength('intent.intents')}, 0) >= 2 AS multi_intent,
       CASE WHEN p.rewrite_of IS NULL THEN NULL
            WHEN rephrased.turn_id IS NOT NULL THEN 'search_rewrite'
            ELSE 'downstream_correction' END AS rewrite_kind
FROM ${prompts} p
LEFT JOIN ${turnCategories(scope ? 'turn_id IN (SELECT turn_id FROM scoped_prompts)' : 'TRUE', dialect)} tc ON tc.turn_id = p.turn_id
LEFT JOIN retrieval_turns invoked ON invoked.turn_id = p.turn_id
LEFT JOIN resolved_intents intent ON intent.turn_id = p.turn_id
LEFT JOIN retrieval_turns rephrased ON rephrased.turn_id = p.rewrite_of`;
}

/** The user edits Tier 0 counts apart (downstream_edits), with their category only when the filters need it. */
function downstreamEdits(settings: MetricSettings, dialect: SqlDialect): SqlQuery {
  const byCategory = filtersByCategory(settings);
  const turns = byCategory ? `LEFT JOIN ${turnCategories('TRUE', dialect)} tc ON tc.turn_id = a.turn_id` : '';
  const filter = settingsFilter(settings, { ts: sql`a.ts`, surface: sql`a.surface`, runId: sql`a.run_id`, category: byCategory ? rawSql(ownOrTurnCategory('a', 'tc')) : sql`a.category` });
  return sql`SELECT count(*) FROM actions a ${rawSql(turns)} WHERE ${rawSql(actionRuleSql('downstreamEdit', 'a'))} AND ${filter}`;
}

/** Tier 0 numerators and denominators over the prompts (and user edits) the filters keep: a `Tier0Row`. */
export function tier0Query(settings: MetricSettings, dialect: SqlDialect = DUCKDB): SqlQuery {
  const count = (condition: string) => rawSql(dialect.countWhere(condition));
  return sql`
SELECT count(*)::INTEGER AS prompts,
       ${count('invoked')}::INTEGER AS invoked,
       ${count('invoked AND intent_labeled')}::INTEGER AS invoked_labeled,
       ${count('invoked AND intent_labeled AND NOT retrieval_intent')}::INTEGER AS misrouted,
       ${count('intent_labeled AND retrieval_intent')}::INTEGER AS intent_true,
       ${count('intent_labeled AND retrieval_intent AND NOT invoked')}::INTEGER AS missed,
       ${count('intent_labeled')}::INTEGER AS labeled,
       ${count('intent_labeled AND multi_intent')}::INTEGER AS multi_intent,
       ${count("rewrite_kind = 'search_rewrite'")}::INTEGER AS search_rewrites,
       ${count("rewrite_kind = 'downstream_correction'")}::INTEGER AS downstream_corrections,
       (${downstreamEdits(settings, dialect)})::INTEGER AS downstream_edits
FROM prompt_facts
WHERE ${settingsFilter(settings, OWN_COLUMNS)}`;
}

export const TIER0_ROW = specOf<Tier0Row>()({
  prompts: 'number', invoked: 'number', invoked_labeled: 'number', misrouted: 'number', intent_true: 'number', missed: 'number',
  labeled: 'number', multi_intent: 'number', search_rewrites: 'number', downstream_corrections: 'number', downstream_edits: 'number',
});
