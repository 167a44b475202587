/// <reference lib="webworker" />

/** A request and its answer between the page and a worker, matched by id. */
type Envelope<Request> = { id: number; request: Request };
type Reply<Result> = { id: number; result: Result } | { id: number; error: string };

/**
 * A function that runs in one shared worker made by `create` on first use (and again after the
 * worker fails): each call posts its request and resolves with the worker's answer.
 */
export function workerCall<Request, Result>(create: () => Worker, failure: string): (request: Request) => Promise<Result> {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve(value: Result): void; reject(error: Error): void }>();
  const started = (): Worker => {
    if (worker) return worker;
    const made = create();
    made.onmessage = (event: MessageEvent<Reply<Result>>) => {
      const call = pending.get(event.data.id);
      pending.delete(event.data.id);
      if (!call) return;
      if ('error' in event.data) call.reject(new Error(event.data.error));
      else call.resolve(event.data.result);
    };
    made.onerror = (event) => {
      for (const call of pending.values()) call.reject(new Error(event.message || failure));
      pending.clear();
      made.terminate();
      worker = null;
    };
    worker = made;
    return made;
  };
  return (request) => {
    const id = nextId++;
    return new Promise<Result>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      started().postMessage({ id, request } satisfies Envelope<Request>);
    });
  };
}

/** The worker's side of `workerCall`: answers each request with `handle`, or with its error's message. */
export function serveWorkerCalls<Request, Result>(handle: (request: Request) => Result): void {
  const scope = self as unknown as DedicatedWorkerGlobalScope;
  scope.onmessage = (event: MessageEvent<Envelope<Request>>) => {
    const { id, request } = event.data;
    let reply: Reply<Result>;
    try {
      reply = { id, result: handle(request) };
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    scope.postMessage(reply);
  };
}
