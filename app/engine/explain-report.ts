import { DEFAULT_MIN_SUPPORT, type ExplainSignal } from '../model/explain/signals';
import { listedSlices, testedSlices, type ExplainReport, type ExplainSlice } from '../model/explain/slices';
import type { ReportFlag } from '../model/metrics/report';
import type { MetricSettings } from '../model/metrics/settings';
import { readOnce, type ReadJob } from './coordinator/query-coordinator';
import { ensureDerivedTables } from './derived/metric-tables';
import type { Engine } from './engine';
import { computeDriftReport } from './drift-report';
import { withRetrievalFacts } from './retrieval-facts-table';
import { DUCKDB, type SqlDialect } from './sql/dialect';
import { driftKey, type ExplainScope } from './sql/explain/slice-attributes';
import { run } from './sql/core/run';
import { SLICE_COUNT_ROW, sliceCountsQuery, TOTALS_SHAPE } from './sql/explain/slice-counts';

/** `explain` with what the panel says beside it: every slice tested (the q-values' m of them) at which support. */
export interface ExplainResult {
  report: ExplainReport;
  tested: ExplainSlice[];
  minSupport: number;
}

/** Drift flags that are notes, not flags, for the `drift` attribute (docs/metrics.md, "Search drift"). */
const NOTE_KINDS = new Set(['resolved_without_evidence', 'masked_retrieval_failure']);

/** The question-runs with a drift flag, as the explain SQL names them. */
export function driftQuestionRuns(flags: readonly ReportFlag[]): string[] {
  const keys = flags.filter((flag) => !NOTE_KINDS.has(flag.kind) && flag.question_id !== undefined)
    .map((flag) => driftKey(flag.question_id!, flag.run_id ?? null));
  return [...new Set(keys)].sort();
}

export interface ExplainEngines {
  /** Where the facts of the settings are read as `retrieval_facts` (with every other table). */
  facts: Engine;
  dialect: SqlDialect;
}

/** docs/metrics.md, "Where a signal concentrates": the slices of `signal` among the retrievals the settings keep. */
export async function explainFrom(
  { facts, dialect }: ExplainEngines, settings: MetricSettings, signal: ExplainSignal, driftFlags: readonly ReportFlag[], minSupport = DEFAULT_MIN_SUPPORT,
): Promise<ExplainResult> {
  const scope: ExplainScope = { signal, driftQuestionRuns: driftQuestionRuns(driftFlags), source: 'materialized', dialect };
  const [totals, ...rows] = await run(facts, sliceCountsQuery(settings, scope, minSupport), SLICE_COUNT_ROW);
  // with no retrieval there is no totals row
  const { n: population, hits } = totals?.shape === TOTALS_SHAPE ? totals : { n: 0, hits: 0 };
  if (totals && totals.shape !== TOTALS_SHAPE) rows.unshift(totals);
  const tested = testedSlices(rows, population, hits);
  return { report: { signal, population, hits, slices: listedSlices(tested) }, tested, minSupport };
}

/** `explainFrom` in a coordinator job (the derived tables current); `driftFlags` are the dataset's (the fixed sections'). */
export async function explainIn(job: ReadJob, settings: MetricSettings, signal: ExplainSignal, driftFlags: readonly ReportFlag[], minSupport?: number): Promise<ExplainResult> {
  return explainFrom({ facts: await withRetrievalFacts(job, settings), dialect: DUCKDB }, settings, signal, driftFlags, minSupport);
}

/**
 * `explainIn` on an engine no coordinator serves (the command line, tests); `driftFlags` are the
 * report's `flags` when it was computed already, else the drift analysis runs here.
 */
export async function computeExplain(
  engine: Engine, settings: MetricSettings, signal: ExplainSignal, options: { minSupport?: number; driftFlags?: readonly ReportFlag[] } = {},
): Promise<ExplainResult> {
  await ensureDerivedTables(engine);
  const flags = options.driftFlags ?? (await computeDriftReport(engine)).flags;
  return readOnce(engine, (job) => explainIn(job, settings, signal, flags, options.minSupport));
}
