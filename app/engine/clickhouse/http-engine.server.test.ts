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
import type { SqlQuery } from '../sql/core/sql-query';
import type { ClickHouseEngine } from './clickhouse-engine';
import { copyDatasetToClickHouse } from './copy-dataset';
import { createHttpEngine } from './http-engine';
import { clickhouseReport } from './report';
import { SAMPLE_FILES } from './test-inputs';

/** A real ClickHouse server: CLICKHOUSE_URL=http://user:password@host:8123 (installs @clickhouse/client into .cache once). */
const url = process.env.CLICKHOUSE_URL;
const database = `ri_test_${process.pid}_${Date.now()}`;
const run = (engine: Engine, query: SqlQuery) => engine.query(query.sql, query.params);

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
    expect(await run(server, product.totalsQuery())).toEqual(await run(duck, product.totalsQuery()));
    expect(await run(server, product.gateDecisionsQuery(DEFAULT_METRIC_SETTINGS, CLICKHOUSE))).toEqual(await run(duck, product.gateDecisionsQuery(DEFAULT_METRIC_SETTINGS)));
    expect(await run(server, product.feedbackByWeekQuery(DEFAULT_METRIC_SETTINGS, CLICKHOUSE))).toEqual(await run(duck, product.feedbackByWeekQuery(DEFAULT_METRIC_SETTINGS)));
  });

  it('gives the whole report of the DuckDB engine', async () => {
    const expected = await computeMetricsReport(duck, DEFAULT_METRIC_SETTINGS);
    expect(expected.tier1.judged).toBeGreaterThan(10);
    expect(await clickhouseReport(server, DEFAULT_METRIC_SETTINGS)).toEqual(expected);
  }, 300_000);
});
