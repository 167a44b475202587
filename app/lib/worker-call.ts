import { browserWorkerEndpoint, workerScopeEndpoint, type MessageEndpoint } from './worker-endpoints';
import { WorkerPeer } from './worker-rpc';

/** A worker that runs one function: the protocol of `workerCall` and `serveWorkerCalls`. */
type OneFunction<Request, Result> = { run: { request: Request; result: Result } };

/** A function run in a worker, and the end of that worker (made again on the next call). */
export interface WorkerFunction<Request, Result> {
  (request: Request): Promise<Result>;
  terminate(): Promise<void>;
}

/**
 * A function that runs in one shared worker made by `create` on first use (and again after the
 * worker fails): each call posts its request and resolves with the worker's answer. `create`
 * makes a browser `Worker`, or the endpoint of any other (a Node thread).
 */
export function workerCall<Request, Result>(create: () => Worker | MessageEndpoint, failure: string): WorkerFunction<Request, Result> {
  let peer: WorkerPeer<OneFunction<Request, Result>> | null = null;
  const started = () => {
    if (peer) return peer;
    const worker = create();
    const endpoint = 'post' in worker ? worker : browserWorkerEndpoint(worker);
    const made: WorkerPeer<OneFunction<Request, Result>> = new WorkerPeer(endpoint, failure, () => {
      void made.terminate();
      if (peer === made) peer = null;
    });
    return (peer = made);
  };
  const call = (request: Request) => started().call('run', request);
  return Object.assign(call, {
    async terminate() {
      const ended = peer;
      peer = null;
      await ended?.terminate();
    },
  });
}

/** The worker's side of `workerCall`: answers each request with `handle`, or with its error. */
export function serveWorkerCalls<Request, Result>(handle: (request: Request) => Result, endpoint: MessageEndpoint = workerScopeEndpoint()): void {
  new WorkerPeer<Record<never, never>, OneFunction<Request, Result>>(endpoint, 'the page').serve({ run: (request) => handle(request) });
}
