import type { SliceFilters } from '../../model/compare/slice';
import type { MetricSettings } from '../../model/metrics/settings';
import type { Pipeline } from '../../model/what-if/pipeline';
import { compareSlicesFrom, type ComparedSlices, type SliceSource } from '../compare-report';
import { sql, rawSql } from '../sql/core/sql-query';
import { CLICKHOUSE } from '../sql/dialect';
import { RETRIEVAL_FACTS_TABLE, retrievalFactsQuery } from '../sql/metrics/retrieval-facts';
import { whatIfListsQuery } from '../sql/what-if/pipelines';
import { whatIfStagesSelect } from '../sql/what-if/stages';
import { loggedBaseSelect, whatIfBaseSelect } from '../sql/what-if/what-if-base';
import { whatIfSlicesFrom, type WhatIfTables } from '../what-if-report';
import type { ClickHouseEngine } from './clickhouse-engine';

/**
 * The logged stages as rows of `STAGE_LIST_COLUMNS` (../sql/what-if/stages.ts), read from each
 * retrieval's stored `stages` text (`JSON.stringify` of `{name, kind, asset_ids, scores?}`,
 * schema/stages.ts) with ClickHouse's JSON functions. A stage without scores has `[]` for
 * `logged_scores` (ClickHouse lists are never NULL), which the stages select reads as DuckDB's NULL.
 */
export const CLICKHOUSE_STAGE_LISTS_SELECT = `
SELECT retrieval_id, toInt32(stage_index) AS stage_index,
       JSONExtractString(stage, 'name') AS stage_name, JSONExtractString(stage, 'kind') AS stage_kind,
       JSONExtract(stage, 'asset_ids', 'Array(String)') AS logged_ids,
       JSONExtract(stage, 'scores', 'Array(Float64)') AS logged_scores
FROM (SELECT retrieval_id, JSONExtractArrayRaw(assumeNotNull(stages)) AS stage_texts FROM retrievals WHERE stages IS NOT NULL)
ARRAY JOIN stage_texts AS stage, arrayEnumerate(stage_texts) AS stage_index`;

/**
 * ClickHouse as a slice source: a slice's facts become the connection's temporary
 * `retrieval_facts` table (replacing the previous slice's, or the report's), read by the same
 * builders in the ClickHouse dialect. The metric tables must be built (`buildMetricTables`).
 */
export function clickhouseSliceSource(engine: ClickHouseEngine): SliceSource {
  return {
    engine,
    dialect: CLICKHOUSE,
    facts: async (settings: MetricSettings, base?: string) => {
      const facts = retrievalFactsQuery(settings, CLICKHOUSE, base);
      await engine.query(CLICKHOUSE.createTempTableAs(RETRIEVAL_FACTS_TABLE, facts.sql), facts.params);
      return engine;
    },
  };
}

/** docs/metrics.md, "Comparing two slices", on ClickHouse: the database's part (`compareResultOf` does the rest). */
export function clickhouseCompareSlices(engine: ClickHouseEngine, base: MetricSettings, a: SliceFilters, b: SliceFilters): Promise<ComparedSlices> {
  return compareSlicesFrom(clickhouseSliceSource(engine), base, a, b);
}

/** The tables of a what-if as temporary tables of the connection: the stage lists, the pipeline's lists and both sides. */
async function whatIfTablesOn(engine: ClickHouseEngine, pipeline: Pipeline): Promise<WhatIfTables> {
  const tables: WhatIfTables = { lists: 'what_if_lists', logged: 'what_if_logged', reranked: 'what_if_reranked' };
  await engine.exec(CLICKHOUSE.createTempTableAs('what_if_stage_lists', CLICKHOUSE_STAGE_LISTS_SELECT));
  const lists = sql`WITH what_if_stages AS (${rawSql(whatIfStagesSelect('what_if_stage_lists', CLICKHOUSE))}) SELECT * FROM (${whatIfListsQuery(pipeline, 'what_if_stages', CLICKHOUSE)}) lists`;
  await engine.query(CLICKHOUSE.createTempTableAs(tables.lists, lists.sql), lists.params);
  await engine.exec(CLICKHOUSE.createTempTableAs(tables.logged, loggedBaseSelect(tables.lists)));
  await engine.exec(CLICKHOUSE.createTempTableAs(tables.reranked, whatIfBaseSelect(tables.lists, CLICKHOUSE)));
  return tables;
}

/** docs/metrics.md, "What-if on logged candidates", on ClickHouse: the database's part (`whatIfResultOf` does the rest). */
export async function clickhouseWhatIfSlices(engine: ClickHouseEngine, base: MetricSettings, pipeline: Pipeline): Promise<ComparedSlices> {
  return whatIfSlicesFrom(clickhouseSliceSource(engine), base, await whatIfTablesOn(engine, pipeline));
}
