import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsReport } from '../../model/metrics/report';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../model/metrics/settings';
import { loadDriftInputs } from '../drift-report';
import type { Engine } from '../engine';
import { computeMetricsReport, fixedSectionsIn } from '../metrics-report';
import { CLICKHOUSE } from '../sql/dialect';
import { run } from '../sql/core/run';
import type { ClickHouseEngine } from './clickhouse-engine';
import { generatedEventsFile, loadedOnBothEngines, removeGeneratedFiles, SAMPLE_FILES } from './test-inputs';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from './load-chdb';
import { buildMetricTables } from './metric-sections';
import { clickhouseReport } from './report';

interface Dataset {
  files: () => string[];
  /** What the dataset has, so that the comparison compares something in every section. */
  covers: (report: MetricsReport) => void;
}

const DATASETS: [string, Dataset][] = [
  ['the sample logs', {
    files: () => SAMPLE_FILES,
    covers: (report) => {
      expect(report.tier1.judged).toBeGreaterThan(10);
      expect(report.drift.questions).toBeGreaterThan(0);
      expect(report.flags.some((flag) => flag.kind !== 'masked_retrieval_failure')).toBe(true);
      expect(report.gate.calibration.cases).toBeGreaterThan(0);
      expect(report.review.reviewed).toBeGreaterThan(0);
      expect(report.agreement.relevance.items).toBeGreaterThan(0);
      expect(Object.keys(report.feedback.by_week).length).toBeGreaterThan(0);
    },
  }],
  ['a generated log', {
    files: () => [generatedEventsFile()],
    covers: (report) => {
      expect(report.tier1.judged).toBeGreaterThan(1000);
      expect(report.rejected).toBe(0);
      expect(report.agreement.relevance.items).toBeGreaterThan(100);
      expect(report.agreement.answer_review.items).toBeGreaterThan(10);
      expect(report.drift.questions).toBeGreaterThan(10);
      expect(report.flags.filter((flag) => flag.kind !== 'masked_retrieval_failure').length).toBeGreaterThan(10);
      expect(report.gate.calibration.cases).toBeGreaterThan(3);
      expect(report.review.reviewed).toBeGreaterThan(50);
    },
  }],
];

const LIST_COLUMNS = ['entities', 'evidence_ids', 'gold_evidence_ids', 'returned_asset_ids', 'cited_asset_ids'];
/** A DuckDB row with its NULL lists as ClickHouse stores them (events-schema.ts: lists are never NULL there). */
const missingListsEmpty = <Row extends object>(row: Row): Row =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null && LIST_COLUMNS.includes(key) ? [] : value])) as Row;

const enabled = CHDB_TESTS_ENABLED;
const title = (name: string) => `report --json on ClickHouse over ${name}${enabled ? '' : ` (${CHDB_SKIP_MESSAGE})`}`;
describe.skipIf(!enabled).each(DATASETS.map(([name, dataset]) => [title(name), dataset] as const))('%s', (_, dataset) => {
  let duck: Engine;
  let house: ClickHouseEngine;
  let loaded: string[];
  beforeAll(async () => {
    loaded = dataset.files();
    ({ duck, house } = await loadedOnBothEngines(loaded));
  }, 180_000);
  afterAll(async () => {
    await house?.close();
    await duck?.close();
    removeGeneratedFiles();
  });

  it('covers every section: numbers that could differ', async () => {
    dataset.covers(await computeMetricsReport(duck));
  });

  it('is the DuckDB engine\'s report, the whole object, under each settings', async () => {
    const [busiest] = await run(
      duck,
      'SELECT surface, quantile_disc(ts, 0.5) AS mid, max(ts) AS last FROM retrievals WHERE surface IS NOT NULL GROUP BY surface ORDER BY count(*) DESC LIMIT 1',
      { surface: 'string', mid: 'number', last: 'number' },
    );
    const cases: [string, MetricSettings][] = [
      ['the defaults', DEFAULT_METRIC_SETTINGS],
      ['K 3, threshold 0.7, one used action', { ...DEFAULT_METRIC_SETTINGS, k: 3, tier1Threshold: 0.7, usedActions: ['select'] }],
      ['one surface, [median, last)', { ...DEFAULT_METRIC_SETTINGS, surfaces: [busiest.surface], from: busiest.mid, to: busiest.last }],
    ];
    const first = await clickhouseReport(house, cases[0][1]);
    expect(first).toEqual(await computeMetricsReport(duck, cases[0][1]));
    await buildMetricTables(house);
    const fixed = await fixedSectionsIn(house, CLICKHOUSE);
    const seen = new Set<string>();
    for (const [name, settings] of cases) {
      const expected = await computeMetricsReport(duck, settings);
      expect(await clickhouseReport(house, settings, { tablesBuilt: true, fixed }), name).toEqual(expected);
      seen.add(JSON.stringify(expected));
    }
    expect(seen.size).toBe(cases.length);
  }, 180_000);

  it('gives the drift inputs of the DuckDB engine, row by row (a missing list is [] on ClickHouse)', async () => {
    const expected = await loadDriftInputs(duck);
    const got = await loadDriftInputs(house, CLICKHOUSE);
    for (const input of Object.keys(expected) as (keyof typeof expected)[]) {
      expect(got[input].length, input).toBeGreaterThan(0);
      expect(got[input], input).toEqual(expected[input].map(missingListsEmpty));
    }
  });
});
