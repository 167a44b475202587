import { EXPLAIN_ATTRIBUTES, NONE_VALUE, QUERY_WORD_BUCKETS, RESULT_BUCKETS, type ExplainAttribute, type ExplainSignal } from '../../../model/explain/signals';
import type { MetricSettings } from '../../../model/metrics/settings';
import { DUCKDB, type SqlDialect } from '../dialect';
import { CELL_CONDITIONS, factsFrom, type FactsSource } from '../metrics/retrieval-facts';
import { identifier, joinSql, rawSql, sql, valueArray, type SqlQuery } from '../core/sql-query';

/** What an explain query reads besides the settings: which signal, where the facts are, and the question-runs with a drift flag. */
export interface ExplainScope {
  signal: ExplainSignal;
  /** `driftKey(question_id, run_id)` of every question-run with a drift flag (the drift analysis is not SQL). */
  driftQuestionRuns: readonly string[];
  source?: FactsSource;
  dialect?: SqlDialect;
}

/** How a question-run is named in `driftQuestionRuns`: the SQL builds the same text from a retrieval's question_id and run_id. */
export const driftKey = (questionId: string, runId: string | null) => `${questionId}\u001f${runId ?? ''}`;

/** docs/metrics.md, "Where a signal concentrates": each signal's population and hit, over the facts `f` and `retrieval_base` `b`. */
const SIGNALS: Record<ExplainSignal, { population: string; hit: string }> = {
  masked: { population: 'f.judged', hit: qualified(CELL_CONDITIONS.masked) },
  tier1_bad: { population: 'f.judged', hit: 'f.tier1_bad' },
  orf: { population: 'TRUE', hit: 'f.orf' },
  empty: { population: 'TRUE', hit: 'f.is_empty' },
  // a down feedback that names the retrieval, or the response of the retrieval's request
  down: { population: 'TRUE', hit: '(b.orf_down_feedback OR dr.request_id IS NOT NULL)' },
};

/** A facts condition (`tier1_bad AND NOT orf`) read from the facts aliased `f`. */
function qualified(condition: string): string {
  return condition.replace(/\b(tier1_bad|orf|judged|gpr|acr|is_empty)\b/g, 'f.$1');
}

/** A column's value, `(none)` when missing. */
const orNone = (column: SqlQuery) => sql`coalesce(${column}, ${NONE_VALUE})`;

/** The bucket of a count: `more(max)` is the SQL test "more than max"; `none`, when given, the test of no count. */
function bucketed(buckets: readonly { max: number | null; name: string }[], more: (max: number) => SqlQuery, none: SqlQuery | null): SqlQuery {
  const arms = buckets.map(({ max, name }) => (max === null ? sql`ELSE ${name}` : sql`WHEN NOT ${more(max)} THEN ${name}`));
  return sql`CASE ${none === null ? sql`` : sql`WHEN ${none} THEN ${NONE_VALUE} `}${joinSql(arms, ' ')} END`;
}

/**
 * Each attribute of a retrieval as text (docs/metrics.md), a missing one `(none)`: from the facts `f`
 * and `retrieval_base` `b` (no read of the events: a dataset kept in browser storage reads a
 * column of them from disk the first time). A query with no word has no
 * `query_words`; a missing `returned_asset_ids` is 0 results (ClickHouse stores it as []).
 */
function attributeSql(attribute: ExplainAttribute, scope: ExplainScope, d: SqlDialect): SqlQuery {
  const hasWords = (words: number) => rawSql(d.hasWords('b.query', words));
  switch (attribute) {
    case 'role': return orNone(sql`f.role`);
    case 'week': return orNone(rawSql(d.isoWeek('b.ts')));
    case 'rewrite': return sql`CASE WHEN b.is_rewrite THEN 'yes' ELSE 'no' END`;
    case 'query_words':
      return bucketed(QUERY_WORD_BUCKETS, (max) => hasWords(max + 1), sql`b.query IS NULL OR NOT ${hasWords(1)}`);
    case 'results': {
      return bucketed(RESULT_BUCKETS, (max) => sql`b.returned_entries > ${max}`, null);
    }
    case 'drift': {
      const flagged = valueArray([...scope.driftQuestionRuns], d);
      // both dialects write the list before the value: its values come first, then the separator
      const isFlagged = d.listContains(flagged.sql, "b.question_id || ? || coalesce(b.run_id, '')");
      return { sql: `CASE WHEN b.question_id IS NOT NULL AND ${isFlagged} THEN 'yes' ELSE 'no' END`, params: [...flagged.params, '\u001f'] };
    }
    default: return orNone(sql`b.${identifier(attribute)}`);
  }
}

const DOWN_REQUESTS = sql`LEFT JOIN (SELECT DISTINCT resp.request_id AS request_id FROM feedback fb JOIN responses resp ON resp.event_id = fb.target_event_id
           WHERE fb.rating = 'down' AND resp.request_id IS NOT NULL) dr ON dr.request_id = b.request_id`;

/**
 * One row per retrieval of the signal's population among those the settings keep: `seq`, `ts`,
 * `hit` and every attribute (`role`, `retriever`, …, `drift`), with `retrieval_id`, `session_id`,
 * `query` for listing a slice's retrievals.
 */
export function sliceAttributesQuery(settings: MetricSettings, scope: ExplainScope): SqlQuery {
  const d = scope.dialect ?? DUCKDB;
  const signal = SIGNALS[scope.signal];
  const attributes = joinSql(EXPLAIN_ATTRIBUTES.map((attribute) => sql`${attributeSql(attribute, scope, d)} AS ${identifier(attribute)}`), ',\n       ');
  const downRequests = scope.signal === 'down' ? DOWN_REQUESTS : sql``;
  return sql`
SELECT f.seq AS seq, f.ts AS ts, ${rawSql(d.asBool(signal.hit))} AS hit, b.retrieval_id AS retrieval_id, b.session_id AS session_id, b.query AS query,
       ${attributes}
FROM ${factsFrom(settings, scope.source ?? 'inline', d)} AS f
JOIN retrieval_base b ON b.seq = f.seq
${downRequests}
WHERE ${rawSql(signal.population)}`;
}
