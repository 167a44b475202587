import { queryOptions } from '@tanstack/react-query';
import type { Engine } from '../engine/engine';
import { factSettings, graphNodeEventsQuery, type GraphNodeEvents, loadSessionInspector, prepareLineage, run } from '../engine/sql/session-inspector';
import { loadCrossSessionCompletions, loadTrace } from '../engine/sql/trace';
import type { SessionEvent } from '../model/lineage/timeline';
import type { TraceTarget } from '../model/lineage/trace';
import type { MetricSettings } from '../model/metrics/settings';
import { datasetKey, requireEngine, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';

let prepared: { engine: Engine; key: string; done: Promise<void> } | null = null;

/**
 * The lineage tables and facts are built once per loaded data and settings, by whichever lineage
 * query runs first; later queries (another session, a trace) only read them.
 */
function ensurePrepared(dataset: DatasetRef, settings: MetricSettings): Promise<void> {
  const engine = requireEngine(dataset);
  const key = `${dataset.version}|${JSON.stringify(factSettings(settings))}`;
  if (prepared?.engine !== engine || prepared.key !== key) {
    const done = prepareLineage(engine, settings);
    prepared = { engine, key, done };
    done.catch(() => {
      if (prepared?.done === done) prepared = null;
    });
  }
  return prepared.done;
}

export const sessionInspectorOptions = (dataset: DatasetRef, sessionId: string, settings: MetricSettings) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'lineage', 'session', sessionId, factSettings(settings)),
    queryFn: async () => {
      await ensurePrepared(dataset, settings);
      return loadSessionInspector(requireEngine(dataset), sessionId);
    },
    enabled: dataset.engine !== null,
  });

export const traceOptions = (dataset: DatasetRef, target: TraceTarget, settings: MetricSettings) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'lineage', 'trace', target, factSettings(settings)),
    queryFn: async () => {
      await ensurePrepared(dataset, settings);
      return loadTrace(requireEngine(dataset), target);
    },
    enabled: dataset.engine !== null,
    placeholderData: sameDatasetPlaceholder(dataset),
  });

export const crossSessionCompletionsOptions = (dataset: DatasetRef, settings: MetricSettings) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'lineage', 'cross-session'),
    queryFn: async () => {
      await ensurePrepared(dataset, settings);
      return loadCrossSessionCompletions(requireEngine(dataset));
    },
    enabled: dataset.engine !== null,
  });

export const graphNodeEventsOptions = (dataset: DatasetRef, node: GraphNodeEvents) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'lineage', 'node-events', node),
    queryFn: () => run<SessionEvent>(requireEngine(dataset), graphNodeEventsQuery(node)),
    enabled: dataset.engine !== null,
  });
