import { workerCall } from '../../lib/worker-call';
import type { GraphLayout } from '../../model/lineage/layout';
import type { LayoutRequest } from './layout-protocol';

const layoutCall = workerCall<LayoutRequest, { components: GraphLayout[]; ms: number }>(
  () => new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' }),
  'the layout worker failed',
);

/** Lays a graph's components out in the shared layout worker. */
export const layoutOffThread = (nodes: LayoutRequest['nodes'], edges: LayoutRequest['edges']) => layoutCall({ nodes, edges });
