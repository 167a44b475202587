import { queryOptions } from '@tanstack/react-query';
import type { EventScope } from '../model/event-scope';
import { sessionSignalsQuery, type SessionSignalRow } from '../engine/sql/session-signals';
import { SESSION_SUMMARY_ROW_SQL, SURFACES_SQL, sessionSearchQuery, type SessionRow, type SessionSearchMatch } from '../engine/sql/sessions';
import type { MetricSettings } from '../model/metrics/settings';
import { datasetKey, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn, READS_DERIVED_TABLES } from './coordinated-query';

/** Every session with its signal counts over the events in `scope`, masked failures at `settings`. */
export const sessionSignalsOptions = (dataset: DatasetRef, scope: EventScope, settings: MetricSettings) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'sessions', 'signals', scope, settings),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => {
      const { sql, params } = sessionSignalsQuery(scope, settings);
      return engine.query<SessionSignalRow>(sql, params);
    }, READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
  });

/** The first match of `search` in each session that has one. */
export const sessionSearchOptions = (dataset: DatasetRef, search: string) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'sessions', 'search', search),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => {
      const { sql, params } = sessionSearchQuery(search);
      return engine.query<SessionSearchMatch>(sql, params);
    }),
    enabled: dataset.engine !== null && search !== '',
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
