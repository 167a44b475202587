import { queryOptions } from '@tanstack/react-query';
import { comparisonBoundsIn, readComparisonPool } from '../engine/compare-report';
import { readWhatIfPool, whatIfBoundsIn } from '../engine/what-if-report';
import { slicePairs, type SliceFilters } from '../model/compare/slice';
import { metricSettingsToParams } from '../model/metrics/settings-codec';
import type { MetricSettings } from '../model/metrics/settings';
import { pipelineText, type Pipeline } from '../model/what-if/pipeline';
import { coordinatedQueryFn, READS_DERIVED_TABLES } from './coordinated-query';
import { datasetKey, loadedLogsKey, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';

/** How many of the pool's first items the queue holds: hours of labeling; "Make it again" reads the next ones. */
export const POOL_QUEUE_ITEMS = 500;

/** Whose pool the queue holds: a comparison of slices A and B, or a what-if (A the logged lists, B the pipeline's). */
export type PoolSource = { kind: 'comparison'; a: SliceFilters; b: SliceFilters } | { kind: 'what-if'; pipeline: Pipeline };

const sourceKey = (base: MetricSettings, source: PoolSource) =>
  [metricSettingsToParams(base), ...(source.kind === 'comparison' ? [slicePairs(source.a), slicePairs(source.b)] : ['what-if', pipelineText(source.pipeline)])];

/**
 * The pool of a comparison or a what-if as a queue: its first items in priority order, read once per list
 * (`madeAt`) and kept while labels are given, which mark its items done instead of moving them.
 */
export const poolQueueOptions = (dataset: DatasetRef, base: MetricSettings, source: PoolSource, madeAt: number) =>
  queryOptions({
    queryKey: loadedLogsKey(dataset, 'annotate', 'pool', ...sourceKey(base, source), madeAt),
    queryFn: coordinatedQueryFn(dataset, (job) => (source.kind === 'comparison'
      ? readComparisonPool(job.engine, base, source.a, source.b, POOL_QUEUE_ITEMS)
      : readWhatIfPool(job, base, source.pipeline, POOL_QUEUE_ITEMS)), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
    staleTime: Infinity,
  });

/** Each side's bounds, which figures are settled and what is left in the pool: read again after every label. */
export const poolBoundsOptions = (dataset: DatasetRef, base: MetricSettings, source: PoolSource) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'compare', 'bounds', ...sourceKey(base, source)),
    queryFn: coordinatedQueryFn(dataset, (job) => (source.kind === 'comparison'
      ? comparisonBoundsIn(job, base, source.a, source.b)
      : whatIfBoundsIn(job, base, source.pipeline)), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
    placeholderData: sameDatasetPlaceholder(dataset),
  });
