import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_METRIC_SETTINGS } from '../../model/metrics/settings';
import type { Engine } from '../engine';
import { computeMetricsReport } from '../metrics-report';
import { CLICKHOUSE } from '../sql/dialect';
import { ANY_SCOPE } from '../../model/event-scope';
import {
  approx, approxBounds, FAILED_RETRIEVALS_FLAGS, FAILED_RETRIEVALS_K, FAILED_RETRIEVALS_LOG, FAILED_RETRIEVALS_MATRIX, FAILED_RETRIEVALS_SESSIONS,
  FAILED_RETRIEVALS_BOUNDS, FAILED_RETRIEVALS_TIER1, FAILED_RETRIEVALS_TIER1_BY_ROLE, FAILED_RETRIEVALS_TIER2,
} from '../sql/metrics/failed-retrievals-fixture';
import { createTestEngine, loadEvents } from '../sql/metrics/fixtures';
import { run } from '../sql/core/run';
import { sessionSignalsQuery } from '../sql/session-signals';
import { sessionSummarySelect } from '../sql/session-summary';
import { createChdbEngine } from './chdb-engine';
import type { ClickHouseEngine } from './clickhouse-engine';
import { copyDatasetToClickHouse } from './copy-dataset';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from './load-chdb';
import { buildMetricTables } from './metric-sections';
import { clickhouseReport } from './report';

/**
 * docs/log-format.md "Empty vs failed" on ClickHouse: the log of failed-retrievals-fixture.ts copied
 * from DuckDB (a missing returned_asset_ids becomes [] there), the hand-worked numbers and the
 * DuckDB engine's report.
 */
const settings = { ...DEFAULT_METRIC_SETTINGS, k: FAILED_RETRIEVALS_K };
/** The rows of `session_summary` (session-summary.ts) as a temporary table, as the command line makes them (../../cli/clickhouse-parquet.ts). */
const SESSIONS = 'test_session_summary';

describe.skipIf(!CHDB_TESTS_ENABLED)(`failed retrievals on ClickHouse${CHDB_TESTS_ENABLED ? '' : ` (${CHDB_SKIP_MESSAGE})`}`, () => {
  let duck: Engine;
  let house: ClickHouseEngine;
  beforeAll(async () => {
    duck = await createTestEngine();
    await loadEvents(duck, FAILED_RETRIEVALS_LOG);
    house = await createChdbEngine({ install: true });
    await copyDatasetToClickHouse(duck, house);
    await buildMetricTables(house);
  }, 180_000);
  afterAll(async () => {
    await house?.close();
    await duck?.close();
  });

  it('retrieval_base: a failed retrieval is never empty', async () => {
    const rows = await run(house, 'SELECT retrieval_id, is_empty, failed, judged FROM retrieval_base', { retrieval_id: 'string', is_empty: 'json', failed: 'json', judged: 'json' });
    expect(Object.fromEntries(rows.map((row) => [row.retrieval_id, [Boolean(row.is_empty), Boolean(row.failed), Boolean(row.judged)]]))).toEqual(FAILED_RETRIEVALS_FLAGS);
  });

  it('report --json: the hand-worked Tier 1, Tier 2 and matrix, and the DuckDB engine\'s report', async () => {
    const report = await clickhouseReport(house, settings, { tablesBuilt: true });
    // toEqual passes over a key whose value is undefined: by_role is compared apart
    expect({ ...report.tier1, by_role: undefined, bounds: undefined }).toEqual(approx(FAILED_RETRIEVALS_TIER1));
    expect(report.tier1.bounds).toEqual(approxBounds(FAILED_RETRIEVALS_BOUNDS));
    expect(report.tier1.by_role.find).toEqual(approx(FAILED_RETRIEVALS_TIER1_BY_ROLE.find));
    expect(report.tier1.by_role.step).toEqual(approx(FAILED_RETRIEVALS_TIER1_BY_ROLE.step));
    expect({ ...report.tier2, by_role: undefined }).toEqual(approx(FAILED_RETRIEVALS_TIER2));
    expect(report.matrix).toEqual(FAILED_RETRIEVALS_MATRIX);
    expect(report).toEqual(await computeMetricsReport(duck, settings));
  });

  it('the Sessions list signals: empty and failed apart', async () => {
    await house.exec(CLICKHOUSE.createTempTableAs(SESSIONS, sessionSummarySelect(null, CLICKHOUSE)));
    // the columns compared (SESSION_SIGNAL_ROW is DuckDB's: ClickHouse gives its boolean in_scope as 0/1)
    const signals = { session_id: 'string', retrievals: 'number', empty: 'number', failed: 'number', masked: 'number', orf: 'number' } as const;
    const rows = await run(house, sessionSignalsQuery(ANY_SCOPE, settings, CLICKHOUSE, SESSIONS), signals);
    expect(Object.fromEntries(rows.map(({ session_id, retrievals, empty, failed, masked, orf }) => [session_id, { retrievals, empty, failed, masked, orf }])))
      .toEqual(FAILED_RETRIEVALS_SESSIONS);
  });
});
