import { queryOptions } from '@tanstack/react-query';
import { REJECTED_FACETS_SQL, rejectedListQuery, type RejectedFilter, type RejectedListRow } from '../engine/sql/rejected';
import { eventRecord } from '../schema/event-record';
import { datasetKey, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn } from './coordinated-query';

export interface RejectedItem extends Omit<RejectedListRow, 'event'> {
  raw: string;
}

export const rejectedListOptions = (dataset: DatasetRef, filter: RejectedFilter) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'rejected', 'list', filter),
    queryFn:
      coordinatedQueryFn(dataset, async ({ engine }): Promise<RejectedItem[]> => {
        const { sql, params } = rejectedListQuery(filter);
        const rows = await engine.query<RejectedListRow>(sql, params);
        return rows.map(({ event, ...row }) => ({ ...row, raw: row.raw ?? JSON.stringify(eventRecord(event)) }));
      }),
    enabled: dataset.engine !== null,
    placeholderData: sameDatasetPlaceholder(dataset),
  });

export interface RejectedFacet {
  severity: string;
  reason: string;
  file: string;
  n: number;
}

export const rejectedFacetsOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'rejected', 'facets'),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => engine.query<RejectedFacet>(REJECTED_FACETS_SQL)),
    enabled: dataset.engine !== null,
  });
