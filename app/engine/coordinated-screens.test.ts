import { describe, expect, it } from 'vitest';
import { run } from './sql/core/run';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../model/metrics/settings';
import { MATERIALIZATION_NAME } from './coordinator/materialization';
import { readOnce, type ReadJob } from './coordinator/query-coordinator';
import { recordStatements } from './coordinator/statement-recorder';
import { createDatasetCoordinator } from './dataset-coordinator';
import { withLineageFacts } from './lineage-facts-table';
import { metricPanelsIn, recomputeMetricPanels, screenFixedSectionsIn } from './metrics-report';
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

const appCoordinator = () => createDatasetCoordinator(engine);
const DERIVED = { prepared: true };
/** A read as the app's queries make it (queries/coordinated-query.ts): after the derived tables, at a dataset version. */
const AS_THE_APP = { prepared: true, datasetVersion: 1 };
const inspect = (settings: MetricSettings, sessionId: string) => async (job: ReadJob) => loadSessionInspector(await withLineageFacts(job, settings), sessionId);
const tempTables = async () => (await run(engine, 'SELECT table_name AS name FROM duckdb_tables() WHERE temporary', { name: 'string' })).map((row) => row.name);

describe('two settings computed at the same time each get their own result', () => {
  it('metric panels for K = 3 and K = 10, standalone and interleaved statement by statement, equal sequential runs', async () => {
    const sequential = [await recomputeMetricPanels(engine, K3), await recomputeMetricPanels(engine, K10)];
    expect(sequential[0].report.tier1.p_at_k).not.toEqual(sequential[1].report.tier1.p_at_k);
    expect(await Promise.all([recomputeMetricPanels(engine, K3), recomputeMetricPanels(engine, K10)])).toEqual(sequential);
  });

  it('metric panels for K = 3 and K = 10 through one coordinator equal sequential runs, and a repeat reaches the engine not once', async () => {
    const sequential = [await recomputeMetricPanels(engine, K3), await recomputeMetricPanels(engine, K10)];
    const { engine: recorded, ran } = recordStatements(engine);
    const coordinator = createDatasetCoordinator(recorded);
    const panels = (settings: MetricSettings) => coordinator.read((job) => metricPanelsIn(job, settings), AS_THE_APP);
    const [k3, k10] = await Promise.all([panels(K3), panels(K10)]);
    expect([k3, k10]).toEqual(sequential);
    const before = ran.length;
    expect(await panels(K3)).toEqual(k3);
    expect(ran.length).toBe(before);
    await coordinator.close();
  });

  it('a settings change reads the sections no setting changes from the cache, and gives the panels computed whole', async () => {
    const fixedStatements = recordStatements(engine);
    await screenFixedSectionsIn(fixedStatements.engine);
    const { engine: recorded, ran } = recordStatements(engine);
    const coordinator = createDatasetCoordinator(recorded);
    await coordinator.read((job) => metricPanelsIn(job, K10), AS_THE_APP);
    const k3 = await coordinator.read((job) => metricPanelsIn(job, K3), AS_THE_APP);
    expect(k3).toEqual(await recomputeMetricPanels(engine, K3));
    expect(k3.report.events).toBeGreaterThan(0);
    expect(fixedStatements.ran.length).toBeGreaterThan(5);
    for (const sql of new Set(fixedStatements.ran)) expect(ran.filter((statement) => statement === sql), sql).toHaveLength(1);
    await coordinator.close();
  });

  it('session inspectors for K = 3 and K = 10, standalone and through a coordinator, equal sequential runs', async () => {
    const sequential = [await readOnce(engine, inspect(K3, 's1')), await readOnce(engine, inspect(K10, 's1'))];
    expect(sequential[0].retrievals.map((r) => r.ndcg_at_k)).not.toEqual(sequential[1].retrievals.map((r) => r.ndcg_at_k));
    expect(await Promise.all([readOnce(engine, inspect(K3, 's1')), readOnce(engine, inspect(K10, 's1'))])).toEqual(sequential);
    const coordinator = appCoordinator();
    expect(await Promise.all([coordinator.read(inspect(K3, 's1'), DERIVED), coordinator.read(inspect(K10, 's1'), DERIVED)])).toEqual(sequential);
    await coordinator.close();
  });
});

describe('settings-dependent tables', () => {
  it('a session inspector computes its facts inline and builds no table; once a trace has built it, it reads the table; both read the same', async () => {
    const expected = await readOnce(engine, inspect(K3, 's1'));
    expect(expected.retrievals.map((row) => row.ndcg_at_k)).toContainEqual(expect.any(Number));
    const { engine: recorded, ran } = recordStatements(engine);
    const coordinator = createDatasetCoordinator(recorded);
    const oneSession = async (job: ReadJob) => loadSessionInspector(await withLineageFacts(job, K3, { readsOneSession: true }), 's1');
    const factsTables = async () => (await tempTables()).filter((name) => name.startsWith(`${LINEAGE_FACTS_TABLE}_`));
    const readFacts = (statements: string[]) => statements.filter((statement) => statement.includes(LINEAGE_FACTS_TABLE));

    expect(await coordinator.read(oneSession, DERIVED)).toEqual(expected);
    const inline = readFacts(ran.splice(0));
    expect(inline.length).toBeGreaterThan(0);
    for (const statement of inline) expect(statement).toContain('retrieval_base');
    expect(await factsTables()).toEqual([]);

    await coordinator.read(async (job) => loadTrace(await withLineageFacts(job, K3), { kind: 'asset', id: 'c4' }), DERIVED);
    const [table] = await factsTables();
    ran.splice(0);
    expect(await coordinator.read(oneSession, DERIVED)).toEqual(expected);
    const fromTable = readFacts(ran);
    expect(fromTable.length).toBeGreaterThan(0);
    for (const statement of fromTable) expect(statement).toContain(`FROM "${table}"`);
    await coordinator.close();
  });

  it('a cell drill-down reads the facts table its panels built for the same settings', async () => {
    const coordinator = appCoordinator();
    const built = await coordinator.read(async (job) => (await metricPanelsIn(job, K3), tempTables()), DERIVED);
    const cell = await coordinator.read(async (job) => {
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
      coordinator.read((job) => metricPanelsIn(job, K3), DERIVED),
      coordinator.read(inspect(K10, 's2'), DERIVED),
      coordinator.read(async (job) => loadTrace(await withLineageFacts(job, K3), { kind: 'asset', id: 'c4' }), DERIVED),
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
