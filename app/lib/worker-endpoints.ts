/** One end of a message channel, whichever kind it is: what `WorkerPeer` talks through. */
export interface MessageEndpoint {
  /** `transfer`: ArrayBuffers moved to the other side, not copied. */
  post(message: unknown, transfer: Transferable[]): void;
  /** `onFailure`: the other side died (its script threw); the endpoint is unusable after. */
  listen(onMessage: (message: unknown) => void, onFailure: (error: Error) => void): void;
  terminate?(): Promise<unknown> | void;
}

/** The page's end of a browser `Worker`. */
export const browserWorkerEndpoint = (worker: Worker): MessageEndpoint => ({
  post: (message, transfer) => worker.postMessage(message, transfer),
  listen(onMessage, onFailure) {
    worker.onmessage = (event: MessageEvent) => onMessage(event.data);
    worker.onerror = (event) => onFailure(new Error(event.message || 'its script failed'));
  },
  terminate: () => worker.terminate(),
});

/** The worker's own end, inside a browser worker's script. */
export function workerScopeEndpoint(): MessageEndpoint {
  const scope = self as unknown as DedicatedWorkerGlobalScope;
  return {
    post: (message, transfer) => scope.postMessage(message, transfer),
    listen(onMessage) {
      scope.onmessage = (event: MessageEvent) => onMessage(event.data);
    },
  };
}

/** What `node:worker_threads` gives: a `Worker` (the parent's end) or `parentPort` (the thread's end). */
interface NodePort {
  postMessage(value: unknown, transferList?: readonly Transferable[]): void;
  on(event: string, listener: (value: unknown) => void): unknown;
  terminate?(): Promise<number>;
}

/** Either end of a Node thread. */
export const nodeThreadEndpoint = (port: NodePort): MessageEndpoint => ({
  post: (message, transfer) => port.postMessage(message, transfer),
  listen(onMessage, onFailure) {
    port.on('message', onMessage);
    port.on('error', (error) => onFailure(error as Error));
  },
  terminate: port.terminate && (() => port.terminate!()),
});

/**
 * Two ends joined in this thread, each message delivered on a later task as a worker's would be
 * (nothing is cloned or moved): a worker's handlers run in process, for tests.
 */
export function linkedEndpoints(): [MessageEndpoint, MessageEndpoint] {
  const receivers: ((message: unknown) => void)[] = [() => undefined, () => undefined];
  const end = (self: 0 | 1): MessageEndpoint => ({
    post: (message) => void setTimeout(() => receivers[1 - self](message), 0),
    listen(onMessage) {
      receivers[self] = onMessage;
    },
  });
  return [end(0), end(1)];
}
