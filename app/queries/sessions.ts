import { queryOptions } from '@tanstack/react-query';
import {
  SESSION_SUMMARY_ROW_SQL, SURFACES_SQL, sessionListQuery,
  type SessionListFilter, type SessionRow,
} from '../engine/sql/sessions';
import { datasetKey, requireEngine, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';

export const sessionListOptions = (dataset: DatasetRef, filter: SessionListFilter) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'sessions', 'list', filter),
    queryFn: () => {
      const { sql, params } = sessionListQuery(filter);
      return requireEngine(dataset).query<SessionRow>(sql, params);
    },
    enabled: dataset.engine !== null,
    placeholderData: sameDatasetPlaceholder(dataset),
  });

export const surfacesOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'sessions', 'surfaces'),
    queryFn: async () => (await requireEngine(dataset).query<{ surface: string }>(SURFACES_SQL)).map((r) => r.surface),
    enabled: dataset.engine !== null,
  });


export const sessionSummaryOptions = (dataset: DatasetRef, sessionId: string) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'sessions', 'summary', sessionId),
    queryFn: async () => (await requireEngine(dataset).query<SessionRow>(SESSION_SUMMARY_ROW_SQL, [sessionId]))[0] ?? null,
    enabled: dataset.engine !== null,
  });
