/// <reference lib="webworker" />
import { layoutGraph } from '../../model/lineage/layout';
import type { LayoutRequest, LayoutResponse } from './layout-protocol';

// Layout runs here so a 2,000-node graph never freezes the page while dagre works.
self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const { id, nodes, edges, aspect } = event.data;
  const started = performance.now();
  let response: LayoutResponse;
  try {
    response = { id, layout: layoutGraph(nodes, edges, aspect), ms: performance.now() - started };
  } catch (error) {
    response = { id, error: (error as Error).message };
  }
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(response);
};
