import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFiles } from '../../ingest/load-files';
import { LoadState } from '../../ingest/load-state';
import { nodeInputFile } from '../../ingest/node-files';
import { DEFAULT_METRIC_SETTINGS } from '../../model/metrics/settings';
import type { Engine } from '../engine';
import { CLICKHOUSE } from '../sql/dialect';
import { computeMetricsReport } from '../metrics-report';
import { createTestEngine } from '../sql/metrics/fixtures';
import * as product from '../sql/metrics/sections';
import { run } from '../sql/core/run';
import type { ClickHouseEngine } from './clickhouse-engine';
import { copyDatasetToClickHouse } from './copy-dataset';
import { createHttpEngine } from './http-engine';
import { clickhouseReport } from './report';
import { SAMPLE_FILES } from './test-inputs';

/** A real ClickHouse server: CLICKHOUSE_URL=http://user:password@host:8123 (installs @clickhouse/client into .cache once). */
const url = process.env.CLICKHOUSE_URL;
const database = `ri_test_${process.pid}_${Date.now()}`;

let duck: Engine;
let admin: ClickHouseEngine;
let server: ClickHouseEngine;

describe.skipIf(!url)(url ? 'the HTTP engine on a ClickHouse server' : 'the HTTP engine on a ClickHouse server (skipped: set CLICKHOUSE_URL)', () => {
  beforeAll(async () => {
    duck = await createTestEngine();
    await loadFiles(duck, SAMPLE_FILES.map(nodeInputFile), new LoadState());
    admin = await createHttpEngine({ url: url!, install: true });
    await admin.exec(`CREATE DATABASE ${database}`);
    server = await createHttpEngine({ url: url!, database });
    await copyDatasetToClickHouse(duck, server);
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await admin?.exec(`DROP DATABASE IF EXISTS ${database}`);
    await admin?.close();
    await duck?.close();
  });

  it('gives the simple sections of the DuckDB engine', async () => {
    expect(await run(server, product.totalsQuery(), product.TOTALS_ROW)).toEqual(await run(duck, product.totalsQuery(), product.TOTALS_ROW));
    expect(await run(server, product.gateDecisionsQuery(DEFAULT_METRIC_SETTINGS, CLICKHOUSE), product.GATE_DECISION_ROW)).toEqual(await run(duck, product.gateDecisionsQuery(DEFAULT_METRIC_SETTINGS), product.GATE_DECISION_ROW));
    expect(await run(server, product.feedbackByWeekQuery(DEFAULT_METRIC_SETTINGS, CLICKHOUSE), product.FEEDBACK_WEEK_ROW)).toEqual(await run(duck, product.feedbackByWeekQuery(DEFAULT_METRIC_SETTINGS), product.FEEDBACK_WEEK_ROW));
  });

  it('gives the whole report of the DuckDB engine', async () => {
    const expected = await computeMetricsReport(duck, DEFAULT_METRIC_SETTINGS);
    expect(expected.tier1.judged).toBeGreaterThan(10);
    expect(await clickhouseReport(server, DEFAULT_METRIC_SETTINGS)).toEqual(expected);
  }, 300_000);
});
