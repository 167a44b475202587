import { queryOptions } from '@tanstack/react-query';
import {
  SESSION_SUMMARY_ROW_SQL, SURFACES_SQL, sessionListQuery,
  type SessionListFilter, type SessionRow,
} from '../engine/sql/sessions';
import { datasetKey, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn } from './coordinated-query';

export const sessionListOptions = (dataset: DatasetRef, filter: SessionListFilter) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'sessions', 'list', filter),
    queryFn:
      coordinatedQueryFn(dataset, ({ engine }) => {
        const { sql, params } = sessionListQuery(filter);
        return engine.query<SessionRow>(sql, params);
      }),
    enabled: dataset.engine !== null,
    placeholderData: sameDatasetPlaceholder(dataset),
  });

export const surfacesOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'sessions', 'surfaces'),
    queryFn:
      coordinatedQueryFn(dataset, async ({ engine }) => (await engine.query<{ surface: string }>(SURFACES_SQL)).map((r) => r.surface)),
    enabled: dataset.engine !== null,
  });

export const sessionSummaryOptions = (dataset: DatasetRef, sessionId: string) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'sessions', 'summary', sessionId),
    queryFn:
      coordinatedQueryFn(dataset, async ({ engine }) => (await engine.query<SessionRow>(SESSION_SUMMARY_ROW_SQL, [sessionId]))[0] ?? null),
    enabled: dataset.engine !== null,
  });
