/// <reference lib="webworker" />
import { layoutComponents } from '../../model/lineage/layout';
import type { LayoutRequest, LayoutResponse } from './layout-protocol';

// Layout runs here so a 2,000-node graph never freezes the page while dagre works.
self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const { id, nodes, edges } = event.data;
  const started = performance.now();
  let response: LayoutResponse;
  try {
    response = { id, components: layoutComponents(nodes, edges), ms: performance.now() - started };
  } catch (error) {
    response = { id, error: (error as Error).message };
  }
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(response);
};
