import type { GraphLayout, LayoutEdge, LayoutNode } from '../../model/lineage/layout';
import type { LayoutRequest, LayoutResponse } from './layout-protocol';

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve(value: { components: GraphLayout[]; ms: number }): void; reject(error: Error): void }>();

function layoutWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<LayoutResponse>) => {
    const request = pending.get(event.data.id);
    pending.delete(event.data.id);
    if (!request) return;
    if ('error' in event.data) request.reject(new Error(event.data.error));
    else request.resolve({ components: event.data.components, ms: event.data.ms });
  };
  worker.onerror = (event) => {
    for (const request of pending.values()) request.reject(new Error(event.message || 'the layout worker failed'));
    pending.clear();
    worker?.terminate();
    worker = null;
  };
  return worker;
}

/** Lays a graph's components out in the shared layout worker; requests are answered in order. */
export function layoutOffThread(nodes: LayoutNode[], edges: LayoutEdge[]): Promise<{ components: GraphLayout[]; ms: number }> {
  const id = nextId++;
  const request: LayoutRequest = { id, nodes, edges };
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    layoutWorker().postMessage(request);
  });
}
