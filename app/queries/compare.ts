import { queryOptions } from '@tanstack/react-query';
import { compareResultOf, compareSlicesIn } from '../engine/compare-report';
import { withRetrievalFacts } from '../engine/retrieval-facts-table';
import { run } from '../engine/sql/core/run';
import { QUERY_RETRIEVAL_ROW, queryRetrievalsQuery } from '../engine/sql/compare/query-retrievals';
import { slicePairs, type SliceFilters } from '../model/compare/slice';
import type { CompareResult } from '../model/compare/types';
import { metricSettingsToParams } from '../model/metrics/settings-codec';
import type { MetricSettings } from '../model/metrics/settings';
import { coordinatedQueryFn, READS_DERIVED_TABLES } from './coordinated-query';
import { pairedStatisticsOffThread } from './paired-statistics-off-thread';
import { datasetKey, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';

/**
 * A comparison with the settings and slices it was computed for: while new ones compute, the last
 * result stays on screen (marked), and what is drawn beside it must follow its own slices.
 */
export interface SettledCompare {
  result: CompareResult;
  base: MetricSettings;
  a: SliceFilters;
  b: SliceFilters;
}

export const compareOptions = (dataset: DatasetRef, base: MetricSettings, a: SliceFilters, b: SliceFilters) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'compare', metricSettingsToParams(base), slicePairs(a), slicePairs(b)),
    // the statistics need no engine: computed in their worker once the job has let the engine go
    queryFn: async (context): Promise<SettledCompare> => {
      const read = await coordinatedQueryFn(dataset, (job) => compareSlicesIn(job, base, a, b), READS_DERIVED_TABLES)(context);
      return { result: await compareResultOf({ a, b }, read, pairedStatisticsOffThread), base, a, b };
    },
    enabled: dataset.engine !== null,
    placeholderData: sameDatasetPlaceholder(dataset),
  });

/** The retrievals of one query text in one slice, read from the facts table the comparison built for the slice. */
export const queryRetrievalsOptions = (dataset: DatasetRef, sliceSettings: MetricSettings, query: string) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'compare', 'query-retrievals', metricSettingsToParams(sliceSettings), query),
    queryFn: coordinatedQueryFn(dataset, async (job) => {
      return run(await withRetrievalFacts(job, sliceSettings), queryRetrievalsQuery(sliceSettings, query, 'materialized'), QUERY_RETRIEVAL_ROW);
    }, READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
  });
