import { queryOptions } from '@tanstack/react-query';
import { run } from '../engine/sql/core/run';
import {
  FULL_SUMMARY_ROW, FULL_SUMMARY_TOTALS_ROW, FULL_SUMMARY_TOTALS_SQL, fullSummaryRowsQuery, type FullSummaryRow, type FullSummarySort, type FullSummaryTotals,
} from '../engine/sql/full-dataset-summary';
import type { Engine } from '../engine/engine';
import { coordinatedQueryFn } from './coordinated-query';
import { datasetKey, type DatasetRef } from './dataset-key';

export type { FullSummaryRow, FullSummarySort, FullSummaryTotals };

/** Rows the table shows at once; the download has all of them. */
export const FULL_SUMMARY_PAGE_ROWS = 200;

export const fullSummaryTotalsOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'full-summary', 'totals'),
    queryFn: coordinatedQueryFn(dataset, async ({ engine }) => (await run(engine, FULL_SUMMARY_TOTALS_SQL, FULL_SUMMARY_TOTALS_ROW))[0]),
    enabled: dataset.engine !== null,
  });

/** The table's order and whether it shows only the sessions whose events are loaded. */
export interface FullSummaryView {
  sort: FullSummarySort;
  descending: boolean;
  loadedOnly: boolean;
}

const readRows = (engine: Engine, { sort, descending, loadedOnly }: FullSummaryView, limit: number | null) =>
  run(engine, fullSummaryRowsQuery(sort, descending, limit, loadedOnly), FULL_SUMMARY_ROW);

export const fullSummaryRowsOptions = (dataset: DatasetRef, view: FullSummaryView) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'full-summary', 'rows', view),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => readRows(engine, view, FULL_SUMMARY_PAGE_ROWS)),
    enabled: dataset.engine !== null,
  });

/** Every row in the table's order, for its download. */
export const allFullSummaryRowsOptions = (dataset: DatasetRef, view: FullSummaryView) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'full-summary', 'all-rows', view),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => readRows(engine, view, null)),
    enabled: dataset.engine !== null,
    gcTime: 0,
  });
