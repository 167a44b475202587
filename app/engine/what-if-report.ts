import { shapeCompareResult } from '../model/compare/shape-compare';
import { pipelineText, type Pipeline } from '../model/what-if/pipeline';
import { whatIfReportOf, type WhatIfResult } from '../model/what-if/report';
import type { MetricSettings } from '../model/metrics/settings';
import { pairedDeltaColumns } from '../model/compare/shape-compare';
import { comparisonBounds, type ComparisonBounds } from '../model/compare/settled';
import { inPlace, jobSource, sliceIn, type ComparedSlices, type ComparisonPool, type PairedStatisticsRunner, type SliceSource } from './compare-report';
import { pairQueries } from '../model/compare/pairing';
import { materialization } from './coordinator/materialization';
import { readOnce, type ReadJob } from './coordinator/query-coordinator';
import { ensureDerivedTables } from './derived/metric-tables';
import type { Engine } from './engine';
import { POOL_ITEM_ROW, POOL_SIZE_ROW, type PoolItemRow } from './sql/compare/pool';
import type { RowOf } from './sql/core/row-spec';
import { run } from './sql/core/run';
import { rawSql, sql, valueList } from './sql/core/sql-query';
import { whatIfListsQuery } from './sql/what-if/pipelines';
import { DUCKDB } from './sql/dialect';
import { whatIfPoolRowsQuery, whatIfPoolSizeQuery } from './sql/what-if/pool';
import { whatIfStagesSelect } from './sql/what-if/stages';
import { loggedBaseSelect, whatIfBaseSelect } from './sql/what-if/what-if-base';
import { ensureStageListsTable, ensureWhatIfListsTable, FEW_RETRIEVALS, stageListsOf } from './what-if-stage-lists';

/** The tables of one what-if: the pipeline's lists, and each side shaped as `retrieval_base`. */
export interface WhatIfTables {
  lists: string;
  logged: string;
  reranked: string;
}

/** The table of the pipeline's lists (`whatIfListsQuery`), over the stages of the stored retrievals. */
async function whatIfListsTableIn(job: ReadJob, pipeline: Pipeline): Promise<string> {
  const stageLists = await ensureStageListsTable(job.engine);
  // the stages as a CTE, not a table: a third copy of every stage list does not fit DuckDB-wasm's memory at 1M events
  const lists = whatIfListsQuery(pipeline, 'what_if_stages');
  return ensureWhatIfListsTable(job.engine, sql`WITH what_if_stages AS (${rawSql(whatIfStagesSelect(stageLists))}) SELECT * FROM (${lists}) lists`);
}

async function whatIfTablesIn(job: ReadJob, pipeline: Pipeline): Promise<WhatIfTables> {
  const lists = await whatIfListsTableIn(job, pipeline);
  const logged = await job.materialize(materialization('what_if_logged', rawSql(loggedBaseSelect(lists))));
  const reranked = await job.materialize(materialization('what_if_reranked', rawSql(whatIfBaseSelect(lists))));
  return { lists, logged, reranked };
}

/**
 * docs/metrics.md, "What-if on logged candidates": the database's part of a what-if, on `source`
 * over its `tables`: the logged lists of the retrievals the pipeline is defined for as slice A and
 * the pipeline's lists as slice B, each through the metrics report's own Tier 1 queries, paired
 * by retrieval; and the size of their pool. K, the threshold and the filters come from `base`.
 */
export async function whatIfSlicesFrom(source: SliceSource, base: MetricSettings, tables: WhatIfTables): Promise<ComparedSlices> {
  const logged = await sliceIn(source, base, tables.logged, 'retrieval');
  const reranked = await sliceIn(source, base, tables.reranked, 'retrieval');
  const [pool] = await run(source.engine, whatIfPoolSizeQuery(base, tables.logged, tables.lists, source.dialect), POOL_SIZE_ROW);
  return { figures: { a: logged.figures, b: reranked.figures }, pairing: pairQueries(logged.queries, reranked.queries), pool: pool.items };
}

/** `whatIfSlicesFrom` in a coordinator job, over the tables it builds (the lists kept across jobs). */
export async function whatIfSlicesIn(job: ReadJob, base: MetricSettings, pipeline: Pipeline): Promise<ComparedSlices> {
  return whatIfSlicesFrom(jobSource(job), base, await whatIfTablesIn(job, pipeline));
}

/** The pool of a what-if in order (`PoolItemRow`s, as a comparison's `poolRowsQuery`): for the Annotate queue. */
export async function whatIfPoolRowsIn(job: ReadJob, base: MetricSettings, pipeline: Pipeline): Promise<PoolItemRow[]> {
  const tables = await whatIfTablesIn(job, pipeline);
  return run(job.engine, whatIfPoolRowsQuery(base, tables.logged, tables.lists), POOL_ITEM_ROW);
}

/** The pool of a what-if as the Annotate queue reads it: its first `limit` items in order and its whole size. */
export async function readWhatIfPool(job: ReadJob, base: MetricSettings, pipeline: Pipeline, limit: number): Promise<ComparisonPool> {
  const items = await whatIfPoolRowsIn(job, base, pipeline);
  return { items: items.slice(0, limit), total: items.length };
}

/** Is the what-if settled? The logged lists' and the pipeline's bounds and the pool's size, as the what-if report has them. */
export async function whatIfBoundsIn(job: ReadJob, base: MetricSettings, pipeline: Pipeline): Promise<ComparisonBounds> {
  const read = await whatIfSlicesIn(job, base, pipeline);
  return comparisonBounds(read.figures.a.tier1, read.figures.b.tier1, read.pool);
}

/** A retrieval's what-if list, with each asset's fused score when there is one (a few lists only; see `whatIfListsIn`). */
const WHAT_IF_LIST_ROW = { retrieval_id: 'string', asset_ids: 'string[]', asset_scores: 'number[]|null' } as const;

export type WhatIfListRow = RowOf<typeof WHAT_IF_LIST_ROW>;

/**
 * The pipeline's lists, of the given retrievals (all when none are given), by retrieval id. A few
 * retrievals (a session's page) are ranked from their own stages alone, without the whole table,
 * and get the fused scores too (`asset_scores`; empty for a pipeline that picks a logged list);
 * the whole table's lists come without (null).
 */
export async function whatIfListsIn(job: ReadJob, pipeline: Pipeline, retrievalIds?: readonly string[]): Promise<WhatIfListRow[]> {
  if (retrievalIds && retrievalIds.length <= FEW_RETRIEVALS) {
    const stages = await stageListsOf(job.engine, retrievalIds);
    const lists = whatIfListsQuery(pipeline, 'what_if_stages', DUCKDB, true);
    return run(job.engine, sql`WITH few_stage_lists AS (${stages}), what_if_stages AS (${rawSql(whatIfStagesSelect('few_stage_lists'))})
SELECT retrieval_id, asset_ids, asset_scores FROM (${lists}) lists ORDER BY retrieval_id`, WHAT_IF_LIST_ROW);
  }
  const lists = await whatIfListsTableIn(job, pipeline);
  const only = retrievalIds ? sql` WHERE retrieval_id IN ${valueList(retrievalIds)}` : rawSql('');
  return run(job.engine, sql`SELECT retrieval_id, asset_ids, NULL::DOUBLE[] AS asset_scores FROM ${rawSql(lists)}${only} ORDER BY retrieval_id`, WHAT_IF_LIST_ROW);
}

/** The what-if read by `whatIfSlicesIn`, with its statistics (computed where `statistics` runs them). */
export async function whatIfResultOf(pipeline: Pipeline, read: ComparedSlices, statistics: PairedStatisticsRunner = inPlace): Promise<WhatIfResult> {
  const compare = shapeCompareResult({ a: {}, b: {} }, read.figures, read.pairing, read.pool, await statistics(pairedDeltaColumns(read.pairing)));
  return { report: whatIfReportOf(pipelineText(pipeline), compare.report), compare };
}

/** `whatIfSlicesIn` on an engine no coordinator serves (the command line, tests), its derived tables brought current first. */
export async function readWhatIfSlices(engine: Engine, base: MetricSettings, pipeline: Pipeline): Promise<ComparedSlices> {
  await ensureDerivedTables(engine);
  return readOnce(engine, (job) => whatIfSlicesIn(job, base, pipeline));
}

/** A what-if on an engine no coordinator serves (the command line, tests); its statistics where `statistics` runs them. */
export async function computeWhatIf(engine: Engine, base: MetricSettings, pipeline: Pipeline, statistics: PairedStatisticsRunner = inPlace): Promise<WhatIfResult> {
  return whatIfResultOf(pipeline, await readWhatIfSlices(engine, base, pipeline), statistics);
}

/** One point of a sweep: the parameter's value and the what-if at it. */
export interface SweepPoint {
  value: number;
  result: WhatIfResult;
}

/** A sweep on an engine no coordinator serves: one job a point, so each point's tables are dropped before the next (at 1M events ten points' tables do not fit DuckDB-wasm's memory). */
export async function computeWhatIfSweep(engine: Engine, base: MetricSettings, points: { value: number; pipeline: Pipeline }[], statistics: PairedStatisticsRunner = inPlace): Promise<SweepPoint[]> {
  const swept: SweepPoint[] = [];
  for (const point of points) swept.push({ value: point.value, result: await computeWhatIf(engine, base, point.pipeline, statistics) });
  return swept;
}
