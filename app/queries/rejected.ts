import { queryOptions } from '@tanstack/react-query';
import type { Engine } from '../engine/engine';
import { run } from '../engine/sql/core/run';
import {
  REJECTED_FACET_ROW, REJECTED_FACETS_SQL, REJECTED_LIST_ROW, rejectedListQuery, type RejectedFilter, type RejectedListRow, type RejectedPage,
} from '../engine/sql/rejected';
import { eventRecord } from '../schema/event-record';
import { datasetKey, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn } from './coordinated-query';

export interface RejectedItem extends Omit<RejectedListRow, 'event'> {
  /** The line as read, or the stored event rebuilt; null when neither is there. */
  raw: string | null;
}

async function rejectedRows(engine: Engine, filter: RejectedFilter, page: RejectedPage): Promise<RejectedItem[]> {
  const rows = await run(engine, rejectedListQuery(filter, page), REJECTED_LIST_ROW);
  return rows.map(({ event, ...row }) => ({ ...row, raw: row.raw ?? (event ? JSON.stringify(eventRecord(event)) : null) }));
}

/** One page of the list (a load may reject a million lines: never all at once). */
export const rejectedListOptions = (dataset: DatasetRef, filter: RejectedFilter, page: RejectedPage) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'rejected', 'list', filter, page),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => rejectedRows(engine, filter, page)),
    enabled: dataset.engine !== null,
    placeholderData: sameDatasetPlaceholder(dataset),
  });

/** The first `limit` rows of the list, for a download, read a page at a time. */
export const rejectedDownloadOptions = (dataset: DatasetRef, filter: RejectedFilter, limit: number) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'rejected', 'download', filter, limit),
    queryFn: coordinatedQueryFn(dataset, async ({ engine }) => {
      const rows: RejectedItem[] = [];
      for (let offset = 0; offset < limit; offset += DOWNLOAD_PAGE_ROWS) {
        const page = await rejectedRows(engine, filter, { offset, limit: Math.min(DOWNLOAD_PAGE_ROWS, limit - offset) });
        rows.push(...page);
        if (page.length < DOWNLOAD_PAGE_ROWS) break;
      }
      return rows;
    }),
    enabled: dataset.engine !== null,
    staleTime: 0,
    gcTime: 0,
  });

const DOWNLOAD_PAGE_ROWS = 10_000;

export type { RejectedFacet } from '../engine/sql/rejected';

export const rejectedFacetsOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'rejected', 'facets'),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => run(engine, REJECTED_FACETS_SQL, REJECTED_FACET_ROW)),
    enabled: dataset.engine !== null,
  });
