import { queryOptions } from '@tanstack/react-query';
import type { SqlValue } from '../engine/engine';
import { ensureDerivedTables, recomputeMetricPanels } from '../engine/metrics-report';
import type { RetrievalDetailRow } from '../engine/sql/metrics/retrieval-details';
import { matrixCellRetrievalsQuery } from '../engine/sql/metrics/retrieval-details';
import type { MatrixCell } from '../engine/sql/metrics/retrieval-facts';
import { tier3SessionsQuery, type Tier3SessionList, type Tier3SessionRow } from '../engine/sql/metrics/tier3-sessions';
import { metricSettingsToParams } from '../model/metrics/settings-codec';
import type { MetricSettings } from '../model/metrics/settings';
import { datasetKey, requireEngine, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';

/**
 * Metric computations share temp tables on the one connection; two in flight (a fast run of
 * K changes) could read each other's tables, so they run one at a time.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

const settingsKey = (settings: MetricSettings) => metricSettingsToParams(settings);

/** Runs a builder's query once the derived tables are current, in the metrics queue. */
function queryDerived<Row>(dataset: DatasetRef, build: () => { sql: string; params: readonly SqlValue[] }): Promise<Row[]> {
  return oneAtATime(async () => {
    const engine = requireEngine(dataset);
    await ensureDerivedTables(engine);
    const { sql, params } = build();
    return engine.query<Row>(sql, params);
  });
}

export const metricPanelsOptions = (dataset: DatasetRef, settings: MetricSettings) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'metrics', 'panels', settingsKey(settings)),
    queryFn: () => oneAtATime(() => recomputeMetricPanels(requireEngine(dataset), settings)),
    enabled: dataset.engine !== null,
    placeholderData: sameDatasetPlaceholder(dataset),
  });

export type MatrixCellRow = Pick<RetrievalDetailRow, 'retrieval_id' | 'query' | 'role' | 'p_at_1' | 'ndcg_at_k' | 'orf_signals' | 'session_id'>;

export const matrixCellOptions = (dataset: DatasetRef, settings: MetricSettings, cell: MatrixCell) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'metrics', 'cell', cell, settingsKey(settings)),
    queryFn: () => queryDerived<MatrixCellRow>(dataset, () => matrixCellRetrievalsQuery(settings, cell)),
    enabled: dataset.engine !== null,
  });

export const tier3SessionsOptions = (dataset: DatasetRef, settings: MetricSettings, list: Tier3SessionList) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'metrics', 'tier3', list, settingsKey(settings)),
    queryFn: () => queryDerived<Tier3SessionRow>(dataset, () => tier3SessionsQuery(settings, list)),
    enabled: dataset.engine !== null,
  });
