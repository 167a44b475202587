import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFiles } from '../../ingest/load-files';
import { LoadState } from '../../ingest/load-state';
import { nodeInputFile } from '../../ingest/node-files';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../model/metrics/settings';
import type { Engine } from '../engine';
import { CLICKHOUSE, DUCKDB } from '../sql/dialect';
import * as product from '../sql/metrics/sections';
import { createTestEngine } from '../sql/metrics/fixtures';
import { run } from '../sql/core/run';
import { sql } from '../sql/core/sql-query';
import { scopedEvents } from '../sql/event-scope';
import { createChdbEngine } from './chdb-engine';
import type { ClickHouseEngine } from './clickhouse-engine';
import { copyDatasetToClickHouse } from './copy-dataset';
import { SAMPLE_FILES } from './test-inputs';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from './load-chdb';

let duck: Engine;
let house: ClickHouseEngine;
let copied: { events: number; rejected: number };

const enabled = CHDB_TESTS_ENABLED;
describe.skipIf(!enabled)(enabled ? 'the simple sections on ClickHouse' : `the simple sections on ClickHouse (${CHDB_SKIP_MESSAGE})`, () => {
  beforeAll(async () => {
    duck = await createTestEngine();
    await loadFiles(duck, SAMPLE_FILES.map(nodeInputFile), new LoadState());
    house = await createChdbEngine({ install: true });
    copied = await copyDatasetToClickHouse(duck, house);
  }, 180_000);
  afterAll(async () => {
    await house?.close();
    await duck?.close();
  });

  it('copies every event and rejected row', async () => {
    const [duckTotals] = await run(duck, product.totalsQuery(), product.TOTALS_ROW);
    expect(copied).toEqual({ events: duckTotals.events, rejected: duckTotals.rejected });
    expect(copied.events).toBeGreaterThan(1000);
  });

  it('gives the totals of the DuckDB engine', async () => {
    const expected = await run(duck, product.totalsQuery(), product.TOTALS_ROW);
    expect(await run(house, product.totalsQuery(), product.TOTALS_ROW)).toEqual(expected);
  });

  /** Unfiltered, filtered by a surface and a time range (bound as query parameters), and by a category (event-scope.ts). */
  const settingsCases = async (): Promise<[string, MetricSettings][]> => {
    const [first] = await run(
      duck,
      'SELECT surface, quantile_disc(ts, 0.5) AS mid, max(ts) AS last FROM gates WHERE surface IS NOT NULL GROUP BY surface ORDER BY count(*) DESC LIMIT 1',
      { surface: 'string', mid: 'number', last: 'number' },
    );
    const [category] = await run(duck, sql`SELECT scope_category FROM ${scopedEvents('feedback')} WHERE scope_category IS NOT NULL GROUP BY ALL ORDER BY count(*) DESC, scope_category LIMIT 1`, { scope_category: 'string' });
    return [
      ['unfiltered', DEFAULT_METRIC_SETTINGS],
      ['one surface, [median, last)', { ...DEFAULT_METRIC_SETTINGS, surfaces: [first.surface], from: first.mid, to: first.last }],
      ['one category', { ...DEFAULT_METRIC_SETTINGS, categories: [category.scope_category] }],
    ];
  };

  it('gives the gate decisions of the DuckDB engine, filters pushed into the query', async () => {
    const results: unknown[] = [];
    for (const [, settings] of await settingsCases()) {
      const expected = await run(duck, product.gateDecisionsQuery(settings), product.GATE_DECISION_ROW);
      expect(expected.length).toBeGreaterThan(0);
      expect(await run(house, product.gateDecisionsQuery(settings, CLICKHOUSE), product.GATE_DECISION_ROW)).toEqual(expected);
      results.push(expected);
    }
    expect(results[1]).not.toEqual(results[0]);
    expect(results[2]).not.toEqual(results[0]);
  });

  it('gives the feedback by ISO week of the DuckDB engine', async () => {
    for (const [, settings] of await settingsCases()) {
      const expected = await run(duck, product.feedbackByWeekQuery(settings, DUCKDB), product.FEEDBACK_WEEK_ROW);
      expect(await run(house, product.feedbackByWeekQuery(settings, CLICKHOUSE), product.FEEDBACK_WEEK_ROW)).toEqual(expected);
    }
    const weeks = await run(duck, product.feedbackByWeekQuery(DEFAULT_METRIC_SETTINGS), product.FEEDBACK_WEEK_ROW);
    expect(weeks.length).toBeGreaterThan(1);
    expect(weeks.some((week) => week.down > 0)).toBe(true);
  });
});
