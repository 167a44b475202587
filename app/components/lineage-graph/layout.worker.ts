import { serveWorkerCalls } from '../../lib/worker-call';
import { layoutComponents } from '../../model/lineage/layout';
import type { LayoutRequest } from './layout-protocol';

// Layout runs here so a 2,000-node graph never freezes the page while dagre works.
serveWorkerCalls(({ nodes, edges }: LayoutRequest) => {
  const started = performance.now();
  return { components: layoutComponents(nodes, edges), ms: performance.now() - started };
});
