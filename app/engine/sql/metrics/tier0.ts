import type { MetricSettings } from '../../../model/metrics/settings';
import { actionRuleSql } from '../action-rules';
import { keyIn, type KeyScope } from '../derived/table';
import { settingsFilter } from './filters';
import { rawSql, sql, type SqlQuery } from './sql-query';

/**
 * One row per prompt with what Tier 0 needs (metrics.md, Tier 0); data-only, derived after a
 * load. A prompt invoked retrieval when a retrieval has its `turn_id` (a prompt without
 * `turn_id` cannot be matched and counts as not invoking). A rewrite (`rewrite_of` set) is a
 * search rewrite when the rephrased turn had a retrieval, else a downstream correction.
 */
export function promptFactsSelect(scope: KeyScope): string {
  // With a scope, only the turns its prompts name or rephrase are looked up among the retrievals.
  const prompts = scope ? 'scoped_prompts' : 'prompts';
  const namedTurns = scope ? 'turn_id IN (SELECT turn_id FROM scoped_prompts UNION ALL SELECT rewrite_of FROM scoped_prompts)' : 'TRUE';
  return `
WITH ${scope ? `scoped_prompts AS MATERIALIZED (SELECT * FROM prompts WHERE ${keyIn(scope, 'event_id')}),` : ''}
retrieval_turns AS (SELECT DISTINCT turn_id FROM retrievals WHERE turn_id IS NOT NULL AND ${namedTurns})
SELECT p.event_id, p.turn_id, p.ts, p.surface,
       invoked.turn_id IS NOT NULL AS invoked,
       intent.turn_id IS NOT NULL AS intent_labeled,
       intent.retrieval_intent,
       coalesce(len(intent.intents), 0) >= 2 AS multi_intent,
       CASE WHEN p.rewrite_of IS NULL THEN NULL
            WHEN rephrased.turn_id IS NOT NULL THEN 'search_rewrite'
            ELSE 'downstream_correction' END AS rewrite_kind
FROM ${prompts} p
LEFT JOIN retrieval_turns invoked ON invoked.turn_id = p.turn_id
LEFT JOIN resolved_intents intent ON intent.turn_id = p.turn_id
LEFT JOIN retrieval_turns rephrased ON rephrased.turn_id = p.rewrite_of`;
}

/** Tier 0 numerators and denominators over the prompts (and user edits) the filters keep: a `Tier0Row`. */
export function tier0Query(settings: MetricSettings): SqlQuery {
  const ownFilter = settingsFilter(settings, { ts: 'ts', surface: 'surface' });
  return sql`
SELECT count(*)::INTEGER AS prompts,
       count(*) FILTER (WHERE invoked)::INTEGER AS invoked,
       count(*) FILTER (WHERE invoked AND intent_labeled)::INTEGER AS invoked_labeled,
       count(*) FILTER (WHERE invoked AND intent_labeled AND NOT retrieval_intent)::INTEGER AS misrouted,
       count(*) FILTER (WHERE intent_labeled AND retrieval_intent)::INTEGER AS intent_true,
       count(*) FILTER (WHERE intent_labeled AND retrieval_intent AND NOT invoked)::INTEGER AS missed,
       count(*) FILTER (WHERE intent_labeled)::INTEGER AS labeled,
       count(*) FILTER (WHERE intent_labeled AND multi_intent)::INTEGER AS multi_intent,
       count(*) FILTER (WHERE rewrite_kind = 'search_rewrite')::INTEGER AS search_rewrites,
       count(*) FILTER (WHERE rewrite_kind = 'downstream_correction')::INTEGER AS downstream_corrections,
       (SELECT count(*) FROM action_lineage
        WHERE ${rawSql(actionRuleSql('downstreamEdit'))} AND ${ownFilter})::INTEGER AS downstream_edits
FROM prompt_facts
WHERE ${ownFilter}`;
}
