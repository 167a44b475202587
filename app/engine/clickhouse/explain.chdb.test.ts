import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPLAIN_SIGNALS } from '../../model/explain/signals';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../model/metrics/settings';
import type { Engine } from '../engine';
import { computeExplain } from '../explain-report';
import { computeMetricsReport, fixedSectionsIn } from '../metrics-report';
import { CLICKHOUSE } from '../sql/dialect';
import type { ClickHouseEngine } from './clickhouse-engine';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from './load-chdb';
import { buildMetricTables } from './metric-sections';
import { clickhouseExplain, clickhouseReport } from './report';
import { loadedOnBothEngines, SAMPLE_FILES } from './test-inputs';

describe.skipIf(!CHDB_TESTS_ENABLED)(`report --explain on ClickHouse over the sample logs${CHDB_TESTS_ENABLED ? '' : ` (${CHDB_SKIP_MESSAGE})`}`, () => {
  let duck: Engine;
  let house: ClickHouseEngine;
  beforeAll(async () => {
    ({ duck, house } = await loadedOnBothEngines(SAMPLE_FILES));
    await buildMetricTables(house);
  }, 180_000);
  afterAll(async () => {
    await house?.close();
    await duck?.close();
  });

  const cases: [string, MetricSettings, number][] = [
    ['the defaults', DEFAULT_METRIC_SETTINGS, 20],
    ['K 3, threshold 0.7, one role, support 10', { ...DEFAULT_METRIC_SETTINGS, k: 3, tier1Threshold: 0.7, roles: ['find'] }, 10],
  ];

  it.each(cases)('gives the DuckDB engine\'s slices for every signal under %s', async (_, settings, minSupport) => {
    const fixed = await fixedSectionsIn(house, CLICKHOUSE);
    const report = await clickhouseReport(house, settings, { tablesBuilt: true, fixed });
    const duckReport = await computeMetricsReport(duck, settings);
    let listed = 0;
    for (const signal of EXPLAIN_SIGNALS) {
      const expected = await computeExplain(duck, settings, signal, { minSupport, driftFlags: duckReport.flags });
      expect(expected.tested.length, signal).toBeGreaterThan(10);
      expect(await clickhouseExplain(house, settings, signal, report.flags, minSupport), signal).toEqual(expected);
      listed += expected.report.slices.length;
    }
    expect(listed).toBeGreaterThan(0);
  }, 180_000);
});
