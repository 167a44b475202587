import { queryOptions } from '@tanstack/react-query';
import { run } from '../engine/sql/core/run';
import { FILTER_CHOICE_ROW, FILTER_CHOICES_SQL, type FilterChoiceRow } from '../engine/sql/metrics/filter-choices';
import { loadedLogsKey, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn } from './coordinated-query';

/** The choices of the Metrics screen's retriever, run and category filters (no label changes them). */
export interface MetricFilterChoices {
  retrievers: string[];
  runIds: string[];
  categories: string[];
}

export const metricFilterChoicesOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: loadedLogsKey(dataset, 'metrics', 'filter-choices'),
    queryFn: coordinatedQueryFn(dataset, async ({ engine }): Promise<MetricFilterChoices> => {
      const rows = await run(engine, FILTER_CHOICES_SQL, FILTER_CHOICE_ROW);
      const of = (filter: FilterChoiceRow['filter']) => rows.filter((row) => row.filter === filter).map((row) => row.value);
      return { retrievers: of('retriever'), runIds: of('run_id'), categories: of('category') };
    }),
    enabled: dataset.engine !== null,
  });
