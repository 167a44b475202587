import { queryOptions } from '@tanstack/react-query';
import { computeDriftAnalysis, loadDriftPassages } from '../engine/drift-report';
import { datasetKey, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn } from './coordinated-query';

/** Every question-run with the search-drift rules applied; the report's drift counts derive from it. */
export const driftAnalysisOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'drift', 'analysis'),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => computeDriftAnalysis(engine)),
    enabled: dataset.engine !== null,
  });

/** Catalog passages behind gold and evidence ids, by id (empty when no catalog is loaded). */
export const driftPassagesOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'drift', 'passages'),
    queryFn:
      coordinatedQueryFn(dataset, async ({ engine }) => new Map((await loadDriftPassages(engine)).map((p) => [p.asset_id, p]))),
    enabled: dataset.engine !== null,
  });
