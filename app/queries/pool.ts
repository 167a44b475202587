import { queryOptions } from '@tanstack/react-query';
import { comparisonBoundsIn, readComparisonPool } from '../engine/compare-report';
import { slicePairs, type SliceFilters } from '../model/compare/slice';
import { metricSettingsToParams } from '../model/metrics/settings-codec';
import type { MetricSettings } from '../model/metrics/settings';
import { coordinatedQueryFn, READS_DERIVED_TABLES } from './coordinated-query';
import { datasetKey, loadedLogsKey, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';

/** How many of the pool's first items the queue holds: hours of labeling; "Make it again" reads the next ones. */
export const POOL_QUEUE_ITEMS = 500;

const comparisonKey = (base: MetricSettings, a: SliceFilters, b: SliceFilters) => [metricSettingsToParams(base), slicePairs(a), slicePairs(b)];

/**
 * The pool of a comparison as a queue: its first items in priority order, read once per list
 * (`madeAt`) and kept while labels are given, which mark its items done instead of moving them.
 */
export const poolQueueOptions = (dataset: DatasetRef, base: MetricSettings, a: SliceFilters, b: SliceFilters, madeAt: number) =>
  queryOptions({
    queryKey: loadedLogsKey(dataset, 'annotate', 'pool', ...comparisonKey(base, a, b), madeAt),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => readComparisonPool(engine, base, a, b, POOL_QUEUE_ITEMS), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
    staleTime: Infinity,
  });

/** Each slice's bounds, which figures are settled and what is left in the pool: read again after every label. */
export const comparisonBoundsOptions = (dataset: DatasetRef, base: MetricSettings, a: SliceFilters, b: SliceFilters) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'compare', 'bounds', ...comparisonKey(base, a, b)),
    queryFn: coordinatedQueryFn(dataset, (job) => comparisonBoundsIn(job, base, a, b), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
    placeholderData: sameDatasetPlaceholder(dataset),
  });
