import { errorMessage } from './error-message';
import type { MessageEndpoint } from './worker-endpoints';

/**
 * What one side of a worker offers the other: per method, its request, its result and (for a
 * long call) what it reports on the way.
 */
export type Protocol = Record<string, { request: unknown; result: unknown; progress?: unknown }>;

type Progress<P extends Protocol, M extends keyof P> = P[M] extends { progress: infer Value } ? Value : never;

/** A value sent with the ArrayBuffers it holds moved, not copied, to the other side. */
export class Transferred<T> {
  constructor(readonly value: T, readonly transfer: Transferable[]) {}
}

export const withTransfer = <T>(value: T, transfer: Transferable[]) => new Transferred(value, transfer);

export interface CallOptions<ProgressValue> {
  transfer?: Transferable[];
  onProgress?: (progress: ProgressValue) => void;
  /** Aborting asks the other side to stop (its handler's `signal`); the call still settles with its answer. */
  signal?: AbortSignal;
}

export interface HandlerContext<ProgressValue> {
  /** Aborted when the caller cancels the call. */
  signal: AbortSignal;
  progress(value: ProgressValue, transfer?: Transferable[]): void;
}

export type Handlers<P extends Protocol> = {
  [M in keyof P]: (request: P[M]['request'], context: HandlerContext<Progress<P, M>>) => Answer<P[M]['result']> | Promise<Answer<P[M]['result']>>;
};
type Answer<T> = T | Transferred<T>;

/** An error as it crosses: its name (AbortError stays one), message and cause. */
interface WireError {
  name: string;
  message: string;
  cause?: WireError;
}

type Envelope =
  | { rpc: number; method: string; request: unknown }
  | { rpc: number; progress: unknown }
  | { rpc: number; result: unknown }
  | { rpc: number; error: WireError }
  | { rpc: number; cancel: true };

const toWire = (error: unknown): WireError =>
  error instanceof Error
    ? { name: error.name, message: error.message, ...(error.cause === undefined ? {} : { cause: toWire(error.cause) }) }
    : { name: 'Error', message: errorMessage(error) };

function fromWire(wire: WireError): Error {
  const error = new Error(wire.message, wire.cause ? { cause: fromWire(wire.cause) } : undefined);
  error.name = wire.name;
  return error;
}

const unwrap = <T>(answer: Answer<T>): [T, Transferable[]] => (answer instanceof Transferred ? [answer.value, answer.transfer] : [answer, []]);

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  onProgress?: (progress: never) => void;
}

/**
 * One side of a page–worker (or thread–thread) conversation: it calls the methods of `Remote` on
 * the other side and answers calls of `Local` with its handlers. Calls are matched by id, so
 * several may be in flight; when the endpoint fails (the worker's script threw, say), every
 * pending call rejects with `failure: <its message>` and `onFailure` runs.
 */
export class WorkerPeer<Remote extends Protocol, Local extends Protocol = Record<never, never>> {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly running = new Map<number, AbortController>();
  private handlers: Partial<Handlers<Local>> = {};

  constructor(private readonly endpoint: MessageEndpoint, private readonly failure: string, private readonly onFailure?: () => void) {
    endpoint.listen((message) => this.receive(message as Envelope), (error) => this.failed(error));
  }

  serve(handlers: Handlers<Local>): this {
    this.handlers = handlers;
    return this;
  }

  call<M extends keyof Remote & string>(method: M, request: Remote[M]['request'], options: CallOptions<Progress<Remote, M>> = {}): Promise<Remote[M]['result']> {
    const rpc = this.nextId++;
    return new Promise((resolve, reject) => {
      const cancel = () => this.post({ rpc, cancel: true });
      const settled = () => options.signal?.removeEventListener('abort', cancel);
      this.pending.set(rpc, {
        resolve: (value) => (settled(), resolve(value as Remote[M]['result'])),
        reject: (error) => (settled(), reject(error)),
        onProgress: options.onProgress as Pending['onProgress'],
      });
      options.signal?.addEventListener('abort', cancel, { once: true });
      this.post({ rpc, method, request }, options.transfer);
    });
  }

  /** Ends the worker; calls still pending are dropped, never settled (nobody waits for them). */
  terminate(): Promise<unknown> | void {
    this.pending.clear();
    return this.endpoint.terminate?.();
  }

  private post(envelope: Envelope, transfer: Transferable[] = []) {
    this.endpoint.post(envelope, transfer);
  }

  private failed(error: Error) {
    const calls = [...this.pending.values()];
    this.pending.clear();
    for (const call of calls) call.reject(new Error(`${this.failure}: ${error.message}`, { cause: error }));
    this.onFailure?.();
  }

  private receive(envelope: Envelope) {
    if ('method' in envelope) return void this.answer(envelope.rpc, envelope.method, envelope.request);
    if ('cancel' in envelope) return this.running.get(envelope.rpc)?.abort();
    const call = this.pending.get(envelope.rpc);
    if (!call) return;
    if ('progress' in envelope) return call.onProgress?.(envelope.progress as never);
    this.pending.delete(envelope.rpc);
    if ('error' in envelope) call.reject(fromWire(envelope.error));
    else call.resolve(envelope.result);
  }

  private async answer(rpc: number, method: string, request: unknown) {
    const abort = new AbortController();
    this.running.set(rpc, abort);
    const context: HandlerContext<unknown> = { signal: abort.signal, progress: (progress, transfer) => this.post({ rpc, progress }, transfer) };
    try {
      const handle = this.handlers[method] as ((request: unknown, context: HandlerContext<unknown>) => unknown) | undefined;
      if (!handle) throw new Error(`no method "${method}" here`);
      const [result, transfer] = unwrap(await handle(request, context));
      this.post({ rpc, result }, transfer);
    } catch (error) {
      this.post({ rpc, error: toWire(error) });
    } finally {
      this.running.delete(rpc);
    }
  }
}
