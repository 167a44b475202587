import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsReport } from '../../model/metrics/report';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../model/metrics/settings';
import type { Engine } from '../engine';
import { computeMetricsReport, fixedSectionsIn } from '../metrics-report';
import { METRIC_TABLES } from '../sql/derived/registry';
import { CLICKHOUSE } from '../sql/dialect';
import { run } from '../sql/core/run';
import { TREND_ROW, trendQuery } from '../sql/metrics/trends';
import type { ClickHouseEngine } from './clickhouse-engine';
import { generatedEventsFile, loadedOnBothEngines, removeGeneratedFiles, SAMPLE_FILES } from './test-inputs';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from './load-chdb';
import { buildMetricTables } from './metric-sections';
import { clickhouseReport } from './report';

/** The sections of `report --json` that the metric tables give: Tier 0–3, the matrix and its masked-failure flags. */
type MetricTierSections = Pick<MetricsReport, 'tier0' | 'tier1' | 'tier2' | 'matrix' | 'tier3' | 'flags'>;

/** The report's sections that the metric tables give: its masked-failure flags only. */
const tierSectionsOf = (report: MetricsReport): MetricTierSections => ({
  tier0: report.tier0,
  tier1: report.tier1,
  tier2: report.tier2,
  matrix: report.matrix,
  tier3: report.tier3,
  flags: report.flags.filter((flag) => flag.kind === 'masked_retrieval_failure'),
});

/**
 * Every row of a table, in one order, columns by name: ClickHouse gives a comparison as 0/1
 * (UInt8) where DuckDB gives a boolean, so booleans are read as 0/1.
 */
async function rowsOf(engine: Engine, table: string): Promise<string[]> {
  const rows = await engine.query(`SELECT * FROM ${table}`);
  const normalized = rows.map((row) => JSON.stringify(Object.keys(row).sort().map((key) => [key, typeof row[key] === 'boolean' ? Number(row[key]) : row[key]])));
  return normalized.sort();
}

interface Dataset {
  files: () => string[];
  /** What the dataset has, so that the comparisons compare something. */
  covers: (report: MetricTierSections) => void;
}

const DATASETS: [string, Dataset][] = [
  ['the sample logs', {
    files: () => SAMPLE_FILES,
    covers: (report) => {
      expect(report.tier1.judged).toBeGreaterThan(10);
      expect(report.flags.length).toBeGreaterThan(0);
      expect(report.tier3.completions).toBeGreaterThan(0);
      expect(report.tier0.retrieval_invoked_rate).toBeGreaterThan(0);
      expect(report.tier0.missed_retrieval_rate).not.toBeNull(); // intent labels
    },
  }],
  ['a generated log', {
    files: () => [generatedEventsFile()],
    covers: (report) => {
      expect(report.tier1.judged).toBeGreaterThan(1000);
      expect(report.flags.length).toBeGreaterThan(100);
      expect(report.tier3.completions).toBeGreaterThan(100);
    },
  }],
];

const enabled = CHDB_TESTS_ENABLED;
const title = (name: string) => `Tier 0-3 and the matrix on ClickHouse, over ${name}${enabled ? '' : ` (${CHDB_SKIP_MESSAGE})`}`;
describe.skipIf(!enabled).each(DATASETS.map(([name, dataset]) => [title(name), dataset] as const))('%s', (_, dataset) => {
  let duck: Engine;
  let house: ClickHouseEngine;
  let loaded: string[];
  beforeAll(async () => {
    loaded = dataset.files();
    ({ duck, house } = await loadedOnBothEngines(loaded));
    await buildMetricTables(house);
  }, 180_000);
  afterAll(async () => {
    await house?.close();
    await duck?.close();
    removeGeneratedFiles();
  });

  it('builds every metric table with the rows of the DuckDB engine', async () => {
    let rows = 0;
    for (const table of METRIC_TABLES) {
      const expected = await rowsOf(duck, table);
      rows += expected.length;
      expect(await rowsOf(house, table), table).toEqual(expected);
    }
    expect(rows).toBeGreaterThan(1000);
  });

  /** Settings that move every section: K, the threshold, the used actions, each list filter, a time range. */
  const settingsCases = async (): Promise<[string, MetricSettings][]> => {
    const [busiest] = await run(
      duck,
      'SELECT surface, quantile_disc(ts, 0.5) AS mid, max(ts) AS last FROM retrievals WHERE surface IS NOT NULL GROUP BY surface ORDER BY count(*) DESC LIMIT 1',
      { surface: 'string', mid: 'number', last: 'number' },
    );
    const [role] = await run(duck, 'SELECT role, retriever FROM retrieval_base WHERE judged GROUP BY ALL ORDER BY count(*) DESC, role, retriever LIMIT 1', { role: 'string', retriever: 'string|null' });
    const [category] = await run(duck, 'SELECT category FROM prompt_facts WHERE category IS NOT NULL GROUP BY category ORDER BY count(*) DESC, category LIMIT 1', { category: 'string' });
    const retrievers = role.retriever === null ? {} : { retrievers: [role.retriever] };
    return [
      ['the defaults', DEFAULT_METRIC_SETTINGS],
      ['K 3, threshold 0.7, one used action', { ...DEFAULT_METRIC_SETTINGS, k: 3, tier1Threshold: 0.7, usedActions: ['select'] }],
      ['one surface, [median, last)', { ...DEFAULT_METRIC_SETTINGS, surfaces: [busiest.surface], from: busiest.mid, to: busiest.last }],
      ['one role (and retriever), no used actions', { ...DEFAULT_METRIC_SETTINGS, roles: [role.role], ...retrievers, usedActions: [] }],
      ...(category ? [['one category', { ...DEFAULT_METRIC_SETTINGS, categories: [category.category] }] as [string, MetricSettings]] : []),
    ];
  };

  it('gives the sections of the DuckDB engine, section by section, under each settings', async () => {
    const seen = new Set<string>();
    const cases = await settingsCases();
    const fixed = await fixedSectionsIn(house, CLICKHOUSE);
    for (const [name, settings] of cases) {
      const expected = tierSectionsOf(await computeMetricsReport(duck, settings));
      const got = tierSectionsOf(await clickhouseReport(house, settings, { tablesBuilt: true, fixed }));
      for (const section of Object.keys(expected) as (keyof MetricTierSections)[]) {
        expect(got[section], `${name}: ${section}`).toEqual(expected[section]);
      }
      seen.add(JSON.stringify(expected));
    }
    expect(seen.size).toBe(cases.length);
  }, 120_000);

  it('gives the trends by day and by ISO week of the DuckDB engine', async () => {
    for (const [name, settings] of await settingsCases()) {
      for (const bucket of ['day', 'week'] as const) {
        const expected = await duck.query(trendQuery(settings, bucket).sql, trendQuery(settings, bucket).params);
        const query = trendQuery(settings, bucket, 'inline', CLICKHOUSE);
        expect(await house.query(query.sql, query.params), `${name}: ${bucket}`).toEqual(expected);
      }
    }
    const weeks = await run(duck, trendQuery(DEFAULT_METRIC_SETTINGS, 'week'), TREND_ROW);
    expect(weeks.length).toBeGreaterThan(1);
    expect(weeks[0].bucket).toMatch(/^\d{4}-W\d{2}$/);
  }, 120_000);

  it('covers numbers that could differ: judged retrievals, masked failures, completions', async () => {
    dataset.covers(tierSectionsOf(await computeMetricsReport(duck)));
  });
});
