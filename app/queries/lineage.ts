import { queryOptions } from '@tanstack/react-query';
import { withLineageFacts } from '../engine/lineage-facts-table';
import { run } from '../engine/sql/core/run';
import { factSettings, graphNodeEventsQuery, type GraphNodeEvents, loadSessionInspector } from '../engine/sql/session-inspector';
import { SESSION_EVENT_ROW } from '../engine/sql/sessions';
import { loadCrossSessionCompletions, loadTrace, loadWholeTrace } from '../engine/sql/trace';
import { traceTableRows, type TraceTarget } from '../model/lineage/trace';
import type { MetricSettings } from '../model/metrics/settings';
import { datasetKey, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn, READS_DERIVED_TABLES } from './coordinated-query';

/**
 * One page (0-based) of a session's timeline with what its events touch, and the session's counts;
 * with no page, the page holding `node` (a graph node id), else the first.
 */
export const sessionInspectorOptions = (dataset: DatasetRef, sessionId: string, settings: MetricSettings, page: number | null = null, node: string | null = null) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'lineage', 'session', sessionId, factSettings(settings), page ?? { node }),
    queryFn: coordinatedQueryFn(dataset, async (job) => loadSessionInspector(await withLineageFacts(job, settings, { readsOneSession: true }), sessionId, { page, node }), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
  });

/**
 * One page of a trace (0-based) with the counts of all of it; with no page, the page holding
 * `node` (a graph node id: what a link to a selected node opens), else the first.
 */
export const traceOptions = (dataset: DatasetRef, target: TraceTarget, settings: MetricSettings, page: number | null, node: string | null = null) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'lineage', 'trace', target, factSettings(settings), page ?? { node }),
    queryFn: coordinatedQueryFn(dataset, async (job) => loadTrace(await withLineageFacts(job, settings), target, { page, node }), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
    placeholderData: sameDatasetPlaceholder(dataset),
  });

/** Every row of a trace's table, as the pages show them: what its download saves. */
export const traceTableOptions = (dataset: DatasetRef, target: TraceTarget, settings: MetricSettings) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'lineage', 'trace-table', target, factSettings(settings)),
    queryFn: coordinatedQueryFn(dataset, async (job) => traceTableRows(await loadWholeTrace(await withLineageFacts(job, settings), target)), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
  });

/** Reads only tables derived from the data, so no settings. */
export const crossSessionCompletionsOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'lineage', 'cross-session'),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => loadCrossSessionCompletions(engine), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
  });

export const graphNodeEventsOptions = (dataset: DatasetRef, node: GraphNodeEvents) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'lineage', 'node-events', node),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => run(engine, graphNodeEventsQuery(node), SESSION_EVENT_ROW)),
    enabled: dataset.engine !== null,
  });
