import { browserWorkerEndpoint, workerScopeEndpoint } from './worker-endpoints';
import { WorkerPeer } from './worker-rpc';

/** A worker that runs one function: the protocol of `workerCall` and `serveWorkerCalls`. */
type OneFunction<Request, Result> = { run: { request: Request; result: Result } };

/**
 * A function that runs in one shared worker made by `create` on first use (and again after the
 * worker fails): each call posts its request and resolves with the worker's answer.
 */
export function workerCall<Request, Result>(create: () => Worker, failure: string): (request: Request) => Promise<Result> {
  let peer: WorkerPeer<OneFunction<Request, Result>> | null = null;
  const started = () => {
    if (peer) return peer;
    const made: WorkerPeer<OneFunction<Request, Result>> = new WorkerPeer(browserWorkerEndpoint(create()), failure, () => {
      void made.terminate();
      if (peer === made) peer = null;
    });
    return (peer = made);
  };
  return (request) => started().call('run', request);
}

/** The worker's side of `workerCall`: answers each request with `handle`, or with its error. */
export function serveWorkerCalls<Request, Result>(handle: (request: Request) => Result): void {
  new WorkerPeer<Record<never, never>, OneFunction<Request, Result>>(workerScopeEndpoint(), 'the page').serve({ run: (request) => handle(request) });
}
