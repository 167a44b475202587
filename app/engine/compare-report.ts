import { pairedStatistics } from '../model/compare/paired-statistics';
import { pairQueries, type Pairing, type QueryScoreRow } from '../model/compare/pairing';
import { pairedDeltaColumns, shapeCompareResult, type SliceFigures } from '../model/compare/shape-compare';
import { sliceSettings, type SliceFilters } from '../model/compare/slice';
import { comparisonBounds, type ComparisonBounds } from '../model/compare/settled';
import type { CompareResult, PairedStatistic } from '../model/compare/types';
import type { MetricSettings } from '../model/metrics/settings';
import { shapeMatrix, shapeTiers } from '../model/metrics/shape-report';
import { readOnce, type ReadJob } from './coordinator/query-coordinator';
import { ensureDerivedTables } from './derived/metric-tables';
import type { Engine } from './engine';
import { withRetrievalFacts } from './retrieval-facts-table';
import { perQueryScoresQuery, QUERY_SCORE_ROW, type PairingUnit } from './sql/compare/per-query';
import { POOL_ITEM_ROW, POOL_SIZE_ROW, poolRowsQuery, poolSizeQuery, type PoolItemRow } from './sql/compare/pool';
import { run } from './sql/core/run';
import { MATRIX_ROW, matrixQuery } from './sql/metrics/matrix';
import { TIER_ROW, tierQuery } from './sql/metrics/tier1-tier2';
import { DUCKDB, type SqlDialect } from './sql/dialect';

/** The settings of a slice; a slice the settings parser refuses is an error (callers validate first). */
function settingsOf(base: MetricSettings, slice: SliceFilters): MetricSettings {
  const parsed = sliceSettings(base, slice);
  if (!parsed.ok) throw new Error(`invalid slice: ${parsed.errors.map((error) => error.message).join('; ')}`);
  return parsed.settings;
}

/**
 * Where a comparison's SQL runs: the engine with the derived tables, its dialect, and the engine
 * on which `materialized` builders read the facts of a slice's settings (over `base`, a table
 * shaped as `retrieval_base`, when given). `jobSource` on DuckDB; ClickHouse has its own
 * (clickhouse/comparisons.ts).
 */
export interface SliceSource {
  engine: Engine;
  dialect: SqlDialect;
  facts(settings: MetricSettings, base?: string): Promise<Engine>;
}

/** A coordinator job as a slice source: each slice's facts a table the job shares (`withRetrievalFacts`). */
export const jobSource = (job: ReadJob): SliceSource => ({ engine: job.engine, dialect: DUCKDB, facts: (settings, base) => withRetrievalFacts(job, settings, base) });

/**
 * One slice's Tier 1, Tier 2 and matrix, by the metrics report's own queries, and its per-query
 * scores; `base` and `unit` for a what-if (its side's table shaped as `retrieval_base`, paired by retrieval).
 */
export async function sliceIn(source: SliceSource, settings: MetricSettings, base?: string, unit: PairingUnit = 'query'): Promise<{ figures: SliceFigures; queries: QueryScoreRow[] }> {
  const facts = await source.facts(settings, base);
  const d = source.dialect;
  const tiers = await run(facts, tierQuery(settings, 'materialized', d), TIER_ROW);
  const [matrix] = await run(facts, matrixQuery(settings, 'materialized', d), MATRIX_ROW);
  const queries = await run(facts, perQueryScoresQuery(unit, d), QUERY_SCORE_ROW);
  return { figures: { ...shapeTiers(tiers, settings.k), matrix: shapeMatrix(matrix) }, queries };
}

/**
 * Is the comparison settled? Each slice's bounds and judged depth (the Tier 1 query alone) and the
 * pool's size: what the pool queue shows after every label, without the rest of the comparison.
 */
export async function comparisonBoundsIn(job: ReadJob, base: MetricSettings, a: SliceFilters, b: SliceFilters): Promise<ComparisonBounds> {
  const settingsA = settingsOf(base, a);
  const settingsB = settingsOf(base, b);
  const tier1Of = async (settings: MetricSettings) => shapeTiers(await run(job.engine, tierQuery(settings), TIER_ROW), settings.k).tier1;
  const tier1A = await tier1Of(settingsA);
  const tier1B = await tier1Of(settingsB);
  const [pool] = await run(job.engine, poolSizeQuery(settingsA, settingsB), POOL_SIZE_ROW);
  return comparisonBounds(tier1A, tier1B, pool.items);
}

/** A comparison's pool in priority order (its first `limit` items when given) and its whole size. */
export interface ComparisonPool {
  items: PoolItemRow[];
  total: number;
}

/** The pool of slices A and B: the Annotate queue and `export --pool` read it. The derived tables must be current. */
export async function readComparisonPool(engine: Engine, base: MetricSettings, a: SliceFilters, b: SliceFilters, limit?: number): Promise<ComparisonPool> {
  const settingsA = settingsOf(base, a);
  const settingsB = settingsOf(base, b);
  const items = await run(engine, poolRowsQuery(settingsA, settingsB, limit), POOL_ITEM_ROW);
  const total = limit === undefined || items.length < limit ? items.length : (await run(engine, poolSizeQuery(settingsA, settingsB), POOL_SIZE_ROW))[0].items;
  return { items, total };
}

/** Computes `pairedStatistics` of the delta columns: in place by default, in a worker on the page (thousands of pairs take seconds). */
export type PairedStatisticsRunner = (columns: number[][]) => Promise<PairedStatistic[]>;

export const inPlace: PairedStatisticsRunner = async (columns) => pairedStatistics(columns);

/** What a comparison reads from the database: each slice's figures, the queries paired, and the size of its pool. */
export interface ComparedSlices {
  figures: { a: SliceFigures; b: SliceFigures };
  pairing: Pairing;
  pool: number;
}

/** The database's part of a comparison, on `source`; `compareResultOf` does the rest. */
export async function compareSlicesFrom(source: SliceSource, base: MetricSettings, a: SliceFilters, b: SliceFilters): Promise<ComparedSlices> {
  const settingsA = settingsOf(base, a);
  const settingsB = settingsOf(base, b);
  const sliceA = await sliceIn(source, settingsA);
  const sliceB = await sliceIn(source, settingsB);
  const [pool] = await run(source.engine, poolSizeQuery(settingsA, settingsB, source.dialect), POOL_SIZE_ROW);
  return { figures: { a: sliceA.figures, b: sliceB.figures }, pairing: pairQueries(sliceA.queries, sliceB.queries), pool: pool.items };
}

/** `compareSlicesFrom` in a coordinator job. */
export const compareSlicesIn = (job: ReadJob, base: MetricSettings, a: SliceFilters, b: SliceFilters): Promise<ComparedSlices> => compareSlicesFrom(jobSource(job), base, a, b);

/** The comparison of slices read by `compareSlicesIn`: its statistics need no engine, so they run outside the job. */
export async function compareResultOf(slices: { a: SliceFilters; b: SliceFilters }, read: ComparedSlices, statistics: PairedStatisticsRunner = inPlace): Promise<CompareResult> {
  return shapeCompareResult(slices, read.figures, read.pairing, read.pool, await statistics(pairedDeltaColumns(read.pairing)));
}

/**
 * docs/metrics.md, "Comparing two slices": slices A and B side by side (every top-level Tier 1 and
 * Tier 2 figure, per role too, and each matrix), and paired by query with each Tier 1 metric's
 * mean delta, bootstrap interval and randomization p-value; each slice's judged depth, which
 * bounded figures are settled, and the size of the pool. K, the threshold and the used
 * actions come from `base`, the filters from each slice. Runs in a coordinator job.
 */
export async function compareResultIn(job: ReadJob, base: MetricSettings, a: SliceFilters, b: SliceFilters): Promise<CompareResult> {
  return compareResultOf({ a, b }, await compareSlicesIn(job, base, a, b));
}

/** `compareSlicesIn` on an engine no coordinator serves (the command line, tests), its derived tables brought current first. */
export async function readCompareSlices(engine: Engine, base: MetricSettings, a: SliceFilters, b: SliceFilters): Promise<ComparedSlices> {
  await ensureDerivedTables(engine);
  return readOnce(engine, (job) => compareSlicesIn(job, base, a, b));
}

/** `compareResultIn` on an engine no coordinator serves (the command line, tests); its statistics where `statistics` runs them. */
export async function computeCompareResult(engine: Engine, base: MetricSettings, a: SliceFilters, b: SliceFilters, statistics: PairedStatisticsRunner = inPlace): Promise<CompareResult> {
  return compareResultOf({ a, b }, await readCompareSlices(engine, base, a, b), statistics);
}
