import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SliceFilters } from '../../model/compare/slice';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../model/metrics/settings';
import { parsePipeline, type Pipeline } from '../../model/what-if/pipeline';
import { compareResultOf, compareSlicesIn } from '../compare-report';
import { readOnce } from '../coordinator/query-coordinator';
import type { Engine } from '../engine';
import { whatIfResultOf, whatIfSlicesIn } from '../what-if-report';
import type { ClickHouseEngine } from './clickhouse-engine';
import { clickhouseCompareSlices, clickhouseWhatIfSlices } from './comparisons';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from './load-chdb';
import { buildMetricTables } from './metric-sections';
import { generatedEventsFile, loadedOnBothEngines, removeGeneratedFiles, SAMPLE_FILES } from './test-inputs';

/*
 * `report --a/--b` and `--what-if` on ClickHouse: what the database gives for a comparison and
 * for a what-if (each slice's Tier 1, Tier 2 and matrix, the pairs with their exact sums and the
 * pool's size) is the DuckDB engine's, over the sample logs and a generated log whose retrievals
 * log stages (generated-events-fixture.ts). The paired statistics are a pure function of the
 * pairs (compared once per case, to show it).
 */

const pipeline = (text: string): Pipeline => {
  const parsed = parsePipeline(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.pipeline;
};

const K3: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, k: 3, tier1Threshold: 0.7 };

interface Case {
  files: () => string[];
  comparisons: [MetricSettings, SliceFilters, SliceFilters][];
  pipelines: string[];
  /** The pipelines also run at K 3. */
  atK3: string[];
  /** Pairs a what-if of this log must have (0: the log has no stages). */
  whatIfPairs: number;
}

const CASES: [string, Case][] = [
  ['the sample logs', {
    files: () => SAMPLE_FILES,
    comparisons: [
      [DEFAULT_METRIC_SETTINGS, { surface: ['chat'] }, { surface: ['editor', 'library'] }],
      [K3, { role: ['find'] }, { role: ['browse', 'reference'] }],
    ],
    pipelines: ['rrf:60', 'cut:2'],
    atK3: ['rrf:60'],
    whatIfPairs: 0,
  }],
  ['a generated log with stages', {
    files: () => [generatedEventsFile()],
    comparisons: [
      [DEFAULT_METRIC_SETTINGS, { retriever: ['bm25'] }, { retriever: ['dense'] }],
      [K3, { run_id: ['v1'] }, { run_id: ['v2'] }],
      [{ ...DEFAULT_METRIC_SETTINGS, surfaces: ['chat', 'editor'] }, { role: ['find'] }, { role: ['browse'] }],
    ],
    pipelines: ['stage:bm25', 'stage:dense', 'rrf:60', 'rrf:0', 'weighted:0.7', 'norerank', 'cut:2'],
    atK3: ['rrf:60', 'weighted:0.7', 'cut:2'],
    whatIfPairs: 100,
  }],
];

const enabled = CHDB_TESTS_ENABLED;
const title = (name: string) => `comparisons and what-ifs on ClickHouse over ${name}${enabled ? '' : ` (${CHDB_SKIP_MESSAGE})`}`;
describe.skipIf(!enabled).each(CASES.map(([name, c]) => [title(name), c] as const))('%s', (_, testCase) => {
  let duck: Engine;
  let house: ClickHouseEngine;
  beforeAll(async () => {
    ({ duck, house } = await loadedOnBothEngines(testCase.files()));
    await buildMetricTables(house);
  }, 180_000);
  afterAll(async () => {
    await house?.close();
    await duck?.close();
    removeGeneratedFiles();
  });

  it('compares slices as DuckDB does: the figures, the pairs, the pool, the statistics', async () => {
    for (const [index, [settings, a, b]] of testCase.comparisons.entries()) {
      const name = `${JSON.stringify(a)} against ${JSON.stringify(b)}`;
      const expected = await readOnce(duck, (job) => compareSlicesIn(job, settings, a, b));
      expect(expected.pairing.queries.length, name).toBeGreaterThan(0);
      expect(expected.pool, name).toBeGreaterThan(0);
      const got = await clickhouseCompareSlices(house, settings, a, b);
      expect(got, name).toEqual(expected);
      if (index === 0) expect(await compareResultOf({ a, b }, got), name).toEqual(await compareResultOf({ a, b }, expected));
    }
  }, 180_000);

  it('re-ranks the logged candidates as DuckDB does, for every kind of pipeline', async () => {
    const seen = new Set<string>();
    const runs: [string, MetricSettings][] = [
      ...testCase.pipelines.map((text): [string, MetricSettings] => [text, DEFAULT_METRIC_SETTINGS]),
      ...testCase.atK3.map((text): [string, MetricSettings] => [text, K3]),
    ];
    for (const [index, [text, settings]] of runs.entries()) {
      const name = `${text} at K ${settings.k}`;
      const expected = await readOnce(duck, (job) => whatIfSlicesIn(job, settings, pipeline(text)));
      if (testCase.whatIfPairs === 0) expect(expected.pairing.queries, name).toEqual([]);
      else expect(expected.pairing.queries.length, name).toBeGreaterThan(testCase.whatIfPairs);
      const got = await clickhouseWhatIfSlices(house, settings, pipeline(text));
      expect(got, name).toEqual(expected);
      seen.add(JSON.stringify(expected.figures.b.tier1));
      if (index === 0) expect(await whatIfResultOf(pipeline(text), got), name).toEqual(await whatIfResultOf(pipeline(text), expected));
    }
    // the pipelines rank differently: equal figures are not equal by being empty
    if (testCase.whatIfPairs > 0) expect(seen.size).toBe(runs.length);
  }, 300_000);
});
