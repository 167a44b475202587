import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { linkedEndpoints, nodeThreadEndpoint } from './worker-endpoints';
import { WorkerPeer, withTransfer, type Handlers } from './worker-rpc';

type Counter = {
  add: { request: { a: number; b: number }; result: number };
  count: { request: { to: number }; progress: number; result: { counted: number; cancelled: boolean } };
  fail: { request: null; result: never };
  failPlain: { request: null; result: never };
};

const counterHandlers: Handlers<Counter> = {
  add: ({ a, b }) => a + b,
  async count({ to }, { signal, progress }) {
    let counted = 0;
    while (counted < to && !signal.aborted) {
      progress(++counted);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return { counted, cancelled: signal.aborted };
  },
  fail: () => {
    throw new Error('outer', { cause: new DOMException('inner', 'AbortError') });
  },
  failPlain: () => {
    // A library may throw a plain object with a message: its words cross, not "[object Object]".
    throw { message: 'disk gone', code: 5 };
  },
};

function linked() {
  const [page, worker] = linkedEndpoints();
  new WorkerPeer<Record<never, never>, Counter>(worker, 'the page').serve(counterHandlers);
  return new WorkerPeer<Counter>(page, 'the counter failed');
}

describe('one request/response protocol between a page and a worker', () => {
  it('matches answers to calls when several are in flight', async () => {
    const peer = linked();
    expect(await Promise.all([peer.call('add', { a: 1, b: 2 }), peer.call('add', { a: 10, b: 20 })])).toEqual([3, 30]);
  });

  it('reports progress, in order, before the answer', async () => {
    const seen: number[] = [];
    expect(await linked().call('count', { to: 4 }, { onProgress: (n) => seen.push(n) })).toEqual({ counted: 4, cancelled: false });
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('a cancel reaches the handler, and the call settles with what it answered', async () => {
    const abort = new AbortController();
    const answer = await linked().call('count', { to: 1_000 }, { signal: abort.signal, onProgress: (n) => n === 3 && abort.abort() });
    expect(answer.cancelled).toBe(true);
    expect(answer.counted).toBeLessThan(1_000);
  });

  it('an error crosses with its name, message and cause', async () => {
    const error = await linked().call('fail', null).catch((thrown: Error) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'Error', message: 'outer', cause: { name: 'AbortError', message: 'inner' } });
  });

  it("a thrown object that is not an Error crosses as an Error with the object's message", async () => {
    const error = await linked().call('failPlain', null).catch((thrown: Error) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'Error', message: 'disk gone' });
  });

  it('moves transferred buffers to a Node thread instead of copying them', async () => {
    // The thread answers with the buffer it received, moved back: the sender's copy is detached.
    const source = `
      const { parentPort } = require('node:worker_threads');
      parentPort.on('message', (envelope) => parentPort.postMessage({ rpc: envelope.rpc, result: envelope.request }, [envelope.request.buffer]));
    `;
    const thread = new Worker(source, { eval: true });
    const peer = new WorkerPeer<{ echo: { request: Uint8Array; result: Uint8Array } }>(nodeThreadEndpoint(thread), 'the echo thread failed');
    const bytes = new Uint8Array([1, 2, 3]);
    const back = await peer.call('echo', bytes, { transfer: [bytes.buffer] });
    expect(bytes.byteLength).toBe(0);
    expect([...back]).toEqual([1, 2, 3]);
    await peer.terminate();
  });

  it('a handler answers with moved buffers through withTransfer', async () => {
    const [page, worker] = linkedEndpoints();
    const sent: Transferable[][] = [];
    const watched = { ...worker, post: (message: unknown, transfer: Transferable[]) => (sent.push(transfer), worker.post(message, transfer)) };
    const buffer = new ArrayBuffer(8);
    new WorkerPeer<Record<never, never>, { take: { request: null; result: ArrayBuffer } }>(watched, 'the page').serve({ take: () => withTransfer(buffer, [buffer]) });
    const peer = new WorkerPeer<{ take: { request: null; result: ArrayBuffer } }>(page, 'failed');
    expect(await peer.call('take', null)).toBe(buffer);
    expect(sent).toEqual([[buffer]]);
  });

  it('a thread whose script throws fails every pending call with the reason', async () => {
    const thread = new Worker("throw new Error('no counter here')", { eval: true });
    const peer = new WorkerPeer<Counter>(nodeThreadEndpoint(thread), 'the counter failed');
    await expect(peer.call('add', { a: 1, b: 1 })).rejects.toThrow('the counter failed: no counter here');
    await peer.terminate();
  });
});
