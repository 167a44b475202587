import { describe, expect, it } from 'vitest';
import { DEFAULT_METRIC_SETTINGS } from '../../../model/metrics/settings';
import { computeMetricsReport } from '../../metrics-report';
import { ANY_SCOPE } from '../../../model/event-scope';
import { SESSION_SIGNAL_ROW, sessionSignalsQuery } from '../session-signals';
import {
  approx, approxBounds, FAILED_RETRIEVALS_FLAGS, FAILED_RETRIEVALS_K, FAILED_RETRIEVALS_LOG, FAILED_RETRIEVALS_MATRIX, FAILED_RETRIEVALS_SESSIONS,
  FAILED_RETRIEVALS_BOUNDS, FAILED_RETRIEVALS_TIER1, FAILED_RETRIEVALS_TIER1_BY_ROLE, FAILED_RETRIEVALS_TIER2,
} from './failed-retrievals-fixture';
import { loadedTestEngine } from './loaded-test-engine';
import { RETRIEVAL_DETAIL_ROW, retrievalDetailsQuery } from './retrieval-details';
import { run } from '../core/run';

/** docs/log-format.md "Empty vs failed" on the DuckDB-wasm engine, numbers worked by hand in failed-retrievals-fixture.ts. */
const engine = loadedTestEngine(FAILED_RETRIEVALS_LOG);
const settings = { ...DEFAULT_METRIC_SETTINGS, k: FAILED_RETRIEVALS_K };

describe('failed retrievals', () => {
  it('are never empty results, and are flagged failed', async () => {
    const rows = await run(engine, retrievalDetailsQuery(settings), RETRIEVAL_DETAIL_ROW);
    expect(Object.fromEntries(rows.map((row) => [row.retrieval_id, [row.is_empty, row.failed, row.judged]]))).toEqual(FAILED_RETRIEVALS_FLAGS);
    // judged and failed: scored 0 like a judged retrieval with nothing relevant returned, and so Tier 1 bad
    const r4 = rows.find((row) => row.retrieval_id === 'r4')!;
    expect([r4.p_at_1, r4.p_at_k, r4.recall_at_k, r4.ndcg_at_k, r4.rr, r4.tier1_bad, r4.matrix_cell]).toEqual([0, 0, 0, 0, 0, true, 'visible_failure']);
  });

  it('report: tier1.failed beside the empty result rate, the averages over judged retrievals with the failed one scored 0', async () => {
    const report = await computeMetricsReport(engine, settings);
    const { by_role, bounds, ...tier1 } = report.tier1;
    expect(tier1).toEqual(approx(FAILED_RETRIEVALS_TIER1));
    expect(bounds).toEqual(approxBounds(FAILED_RETRIEVALS_BOUNDS));
    expect(Object.keys(by_role).sort()).toEqual(['find', 'step']);
    expect(by_role.find).toEqual(approx(FAILED_RETRIEVALS_TIER1_BY_ROLE.find));
    expect(by_role.step).toEqual(approx(FAILED_RETRIEVALS_TIER1_BY_ROLE.step));
  });

  it('report: failed retrievals count in Tier 2 and in the matrix', async () => {
    const report = await computeMetricsReport(engine, settings);
    const { by_role, ...tier2 } = report.tier2;
    expect(tier2).toEqual(approx(FAILED_RETRIEVALS_TIER2));
    expect(by_role.step).toEqual(approx({ retrievals: 2, gpr: 0, acr: 0, orf: 1 / 2, uor: 1 / 2 }));
    expect(report.matrix).toEqual(FAILED_RETRIEVALS_MATRIX);
  });

  it('the Sessions list: empty counts no failed retrieval, failed counts them', async () => {
    const rows = await run(engine, sessionSignalsQuery(ANY_SCOPE, settings), SESSION_SIGNAL_ROW);
    expect(Object.fromEntries(rows.map(({ session_id, retrievals, empty, failed, masked, orf }) => [session_id, { retrievals, empty, failed, masked, orf }])))
      .toEqual(FAILED_RETRIEVALS_SESSIONS);
  });
});
