import { queryOptions } from '@tanstack/react-query';
import type { EventScope } from '../model/event-scope';
import { run } from '../engine/sql/core/run';
import { SESSION_SIGNAL_ROW, sessionSignalsQuery } from '../engine/sql/session-signals';
import { SESSION_SEARCH_MATCH_ROW, SESSION_SUMMARY_ROW, SESSION_SUMMARY_ROW_SQL, SURFACE_ROW, SURFACES_SQL, sessionSearchQuery } from '../engine/sql/sessions';
import type { MetricSettings } from '../model/metrics/settings';
import { datasetKey, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn, READS_DERIVED_TABLES } from './coordinated-query';

/** Every session with its signal counts over the events in `scope`, masked failures at `settings`. */
export const sessionSignalsOptions = (dataset: DatasetRef, scope: EventScope, settings: MetricSettings) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'sessions', 'signals', scope, settings),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => run(engine, sessionSignalsQuery(scope, settings), SESSION_SIGNAL_ROW), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
  });

/** The first match of `search` in each session that has one. */
export const sessionSearchOptions = (dataset: DatasetRef, search: string) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'sessions', 'search', search),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => run(engine, sessionSearchQuery(search), SESSION_SEARCH_MATCH_ROW)),
    enabled: dataset.engine !== null && search !== '',
    placeholderData: sameDatasetPlaceholder(dataset),
  });

export const surfacesOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'sessions', 'surfaces'),
    queryFn:
      coordinatedQueryFn(dataset, async ({ engine }) => (await run(engine, SURFACES_SQL, SURFACE_ROW)).map((r) => r.surface)),
    enabled: dataset.engine !== null,
  });

export const sessionSummaryOptions = (dataset: DatasetRef, sessionId: string) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'sessions', 'summary', sessionId),
    queryFn:
      coordinatedQueryFn(dataset, async ({ engine }) => (await run(engine, { sql: SESSION_SUMMARY_ROW_SQL, params: [sessionId] }, SESSION_SUMMARY_ROW))[0] ?? null),
    enabled: dataset.engine !== null,
  });
