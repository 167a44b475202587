import { describe, expect, it } from 'vitest';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../model/metrics/settings';
import { MATERIALIZATION_NAME } from './coordinator/materialization';
import { QueryCoordinator, readOnce, type ReadJob } from './coordinator/query-coordinator';
import { withLineageFacts } from './lineage-facts-table';
import { ensureDerivedTables, fixedSectionsIn, metricPanelsIn, recomputeMetricPanels } from './metrics-report';
import { withRetrievalFacts } from './retrieval-facts-table';
import { makeAction, makeRelevance, makeRetrieval, type TestEvent } from './sql/metrics/fixtures';
import { matrixCellRetrievalsQuery } from './sql/metrics/retrieval-details';
import { RETRIEVAL_FACTS_TABLE } from './sql/metrics/retrieval-facts';
import { LINEAGE_FACTS_TABLE, loadSessionInspector } from './sql/session-inspector';
import { loadTrace } from './sql/trace';
import { loadedTestEngine } from './sql/metrics/loaded-test-engine';

/** r1's only relevant asset is at rank 5: it counts at K = 10 and not at K = 3. */
const DATASET: TestEvent[] = [
  makeRetrieval('r1', { session_id: 's1', returned_asset_ids: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'] }),
  makeRelevance('r1', 'a5', 2),
  makeRetrieval('r2', { session_id: 's1', request_id: 'q2', returned_asset_ids: ['b1', 'b2'] }),
  makeRelevance('r2', 'b1', 1),
  makeRetrieval('r3', { session_id: 's2', request_id: 'q3', returned_asset_ids: ['c1', 'c2', 'c3', 'c4'] }),
  makeRelevance('r3', 'c4', 3),
  makeAction('user', 'select', { session_id: 's2', consumed_asset_id: 'c4', source_retrieval_id: 'r3' }),
];

const K3: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, k: 3 };
const K10: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, k: 10 };

const engine = loadedTestEngine(DATASET);

/** A coordinator as the app has one: each version's derived tables current before the reads of them. */
const appCoordinator = () => new QueryCoordinator(engine, { prepareVersion: ensureDerivedTables });
const DERIVED = { prepared: true };
const inspect = (settings: MetricSettings, sessionId: string) => async (job: ReadJob) => loadSessionInspector(await withLineageFacts(job, settings), sessionId);
const tempTables = async () => (await engine.query<{ name: string }>('SELECT table_name AS name FROM duckdb_tables() WHERE temporary')).map((row) => row.name);

describe('two settings computed at the same time each get their own result', () => {
  it('metric panels for K = 3 and K = 10, standalone and interleaved statement by statement, equal sequential runs', async () => {
    const sequential = [await recomputeMetricPanels(engine, K3), await recomputeMetricPanels(engine, K10)];
    expect(sequential[0].report.tier1.p_at_k).not.toEqual(sequential[1].report.tier1.p_at_k);
    expect(await Promise.all([recomputeMetricPanels(engine, K3), recomputeMetricPanels(engine, K10)])).toEqual(sequential);
  });

  it('metric panels for K = 3 and K = 10 through one coordinator equal sequential runs, and a repeat is cached', async () => {
    const sequential = [await recomputeMetricPanels(engine, K3), await recomputeMetricPanels(engine, K10)];
    const coordinator = appCoordinator();
    const panels = (settings: MetricSettings) => coordinator.read(`panels ${settings.k}`, (job) => metricPanelsIn(job, settings), DERIVED);
    const [k3, k10, k3Again] = await Promise.all([panels(K3), panels(K10), panels(K3)]);
    expect([k3, k10]).toEqual(sequential);
    expect(k3Again).toBe(k3);
    await coordinator.close();
  });

  it("a settings change that reuses the version's fixed sections gives the panels computed whole", async () => {
    const whole = await recomputeMetricPanels(engine, K3);
    const reused = await readOnce(engine, async (job) => metricPanelsIn(job, K3, await fixedSectionsIn(job.engine)));
    expect(reused).toEqual(whole);
    expect(whole.report.events).toBeGreaterThan(0);
  });

  it('session inspectors for K = 3 and K = 10, standalone and through a coordinator, equal sequential runs', async () => {
    const sequential = [await readOnce(engine, inspect(K3, 's1')), await readOnce(engine, inspect(K10, 's1'))];
    expect(sequential[0].retrievals.map((r) => r.ndcg_at_k)).not.toEqual(sequential[1].retrievals.map((r) => r.ndcg_at_k));
    expect(await Promise.all([readOnce(engine, inspect(K3, 's1')), readOnce(engine, inspect(K10, 's1'))])).toEqual(sequential);
    const coordinator = appCoordinator();
    expect(await Promise.all([coordinator.read(null, inspect(K3, 's1'), DERIVED), coordinator.read(null, inspect(K10, 's1'), DERIVED)])).toEqual(sequential);
    await coordinator.close();
  });
});

describe('settings-dependent tables', () => {
  it('a cell drill-down reads the facts table its panels built for the same settings', async () => {
    const coordinator = appCoordinator();
    const built = await coordinator.read(null, async (job) => (await metricPanelsIn(job, K3), tempTables()), DERIVED);
    const cell = await coordinator.read(null, async (job) => {
      const { sql, params } = matrixCellRetrievalsQuery(K3, 'masked', undefined, 'materialized');
      return (await withRetrievalFacts(job, K3)).query(sql, params);
    }, DERIVED);
    expect(await tempTables()).toEqual(built);
    const { sql, params } = matrixCellRetrievalsQuery(K3, 'masked');
    expect(cell).toEqual(await engine.query(sql, params));
    await coordinator.close();
  });

  it('no TEMP table named without its settings remains after every screen\'s reads', async () => {
    const coordinator = appCoordinator();
    await Promise.all([
      coordinator.read(null, (job) => metricPanelsIn(job, K3), DERIVED),
      coordinator.read(null, inspect(K10, 's2'), DERIVED),
      coordinator.read(null, async (job) => loadTrace(await withLineageFacts(job, K3), { kind: 'asset', id: 'c4' }), DERIVED),
    ]);
    const tables = await tempTables();
    expect(tables).not.toContain(RETRIEVAL_FACTS_TABLE);
    expect(tables).not.toContain(LINEAGE_FACTS_TABLE);
    expect(tables.filter((name) => !MATERIALIZATION_NAME.test(name))).toEqual([]);
    expect(tables.length).toBeGreaterThan(0);
    await coordinator.close();
    expect(await tempTables()).toEqual([]);
  });
});
