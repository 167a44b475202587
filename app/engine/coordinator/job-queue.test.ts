import { describe, expect, it } from 'vitest';
import { JobQueue, Preempted, type Priority } from './job-queue';

/** A job that waits until `release()`: holds the queue while others are queued behind it. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { release, wait: () => opened };
}

describe('JobQueue', () => {
  it('runs one job at a time', async () => {
    const queue = new JobQueue();
    let running = 0;
    let most = 0;
    const job = async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running--;
    };
    await Promise.all([queue.run('read', job), queue.run('read', job), queue.run('write', job), queue.run('read', job)]);
    expect(most).toBe(1);
  });

  it('starts waiting reads by priority, then in the order they were queued', async () => {
    const queue = new JobQueue();
    const held = gate();
    const order: string[] = [];
    const read = (name: string, priority: Priority) => queue.run('read', async () => void order.push(name), { priority });
    const first = queue.run('read', held.wait);
    const rest = [read('background', 'background'), read('prefetch', 'prefetch'), read('shown 1', 'interactive'), read('shown 2', 'interactive')];
    held.release();
    await Promise.all([first, ...rest]);
    expect(order).toEqual(['shown 1', 'shown 2', 'prefetch', 'background']);
  });

  it('a write waits for the jobs queued before it, and jobs queued after it wait for the write, whatever their priority', async () => {
    const queue = new JobQueue();
    const held = gate();
    const order: string[] = [];
    const job = (name: string) => async () => void order.push(name);
    const all = [
      queue.run('read', held.wait),
      queue.run('read', job('read before, background'), { priority: 'background' }),
      queue.run('write', job('write')),
      queue.run('read', job('read after, interactive'), { priority: 'interactive' }),
    ];
    held.release();
    await Promise.all(all);
    expect(order).toEqual(['read before, background', 'write', 'read after, interactive']);
  });

  it('a job aborted while it waits never runs and rejects with the abort reason', async () => {
    const queue = new JobQueue();
    const held = gate();
    const controller = new AbortController();
    let ran = false;
    const first = queue.run('read', held.wait);
    const aborted = queue.run('read', async () => void (ran = true), { signal: controller.signal });
    controller.abort(new Error('superseded'));
    held.release();
    await first;
    await expect(aborted).rejects.toThrow('superseded');
    await queue.run('read', async () => undefined);
    expect(ran).toBe(false);
  });

  it('an already aborted signal rejects at once', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(new JobQueue().run('read', async () => 1, { signal: controller.signal })).rejects.toThrow('gone');
  });

  it('a failed job does not stop the queue', async () => {
    const queue = new JobQueue();
    const failed = queue.run('write', async () => Promise.reject(new Error('boom')));
    await expect(failed).rejects.toThrow('boom');
    await expect(queue.run('read', async () => 2)).resolves.toBe(2);
  });

  it('a take-over drops the waiting jobs, stops the running one, and runs its work once the interrupt has ended', async () => {
    const queue = new JobQueue();
    const held = gate();
    const order: string[] = [];
    let runningSignal!: AbortSignal;
    const running = queue.run('read', async (signal) => {
      runningSignal = signal;
      await held.wait();
      order.push('running job stopped at its statement');
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('running job ended');
    });
    const waiting = [queue.run('read', async () => void order.push('waiting read')), queue.run('write', async () => void order.push('waiting write'))];
    await new Promise((resolve) => setTimeout(resolve, 0));
    const cleared = new Error('cleared');
    const takeOver = queue.takeOver(cleared, async () => {
      order.push('interrupt');
      held.release();
    }, async () => void order.push('take-over work'));
    const later = queue.run('read', async () => void order.push('read asked later'), { priority: 'interactive' });
    expect(runningSignal.aborted).toBe(true);
    expect(runningSignal.reason).toBe(cleared);
    for (const job of waiting) await expect(job).rejects.toBe(cleared);
    await Promise.all([running, takeOver, later]);
    // The interrupt ended the running job's statement; the rest of that job no longer holds the queue.
    expect(order).toEqual(['interrupt', 'running job stopped at its statement', 'take-over work', 'read asked later', 'running job ended']);
  });

  it('a take-over of an idle queue runs its work at once; a failed interrupt fails it without running the work', async () => {
    const queue = new JobQueue();
    await expect(queue.takeOver(new Error('x'), async () => undefined, async () => 'done')).resolves.toBe('done');
    let ran = false;
    await expect(queue.takeOver(new Error('x'), () => Promise.reject(new Error('no restart')), async () => void (ran = true))).rejects.toThrow('no restart');
    expect(ran).toBe(false);
    await expect(queue.run('read', async () => 3)).resolves.toBe(3);
  });

  it('a preemptible background job is stopped when a read of a higher priority is queued, and rejects with Preempted', async () => {
    const queue = new JobQueue();
    const order: string[] = [];
    let stopped: unknown = null;
    // the work ends when its signal fires, as a statement the engine ends early does
    const background = queue.run('read', (signal) => new Promise<void>((_resolve, reject) => {
      order.push('background started');
      signal.addEventListener('abort', () => {
        stopped = signal.reason;
        reject(new Error('INTERRUPT Error: Interrupted!'));
      });
    }), { priority: 'background', preemptible: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const screen = queue.run('read', async () => void order.push('screen'), { priority: 'interactive' });
    await expect(background).rejects.toBeInstanceOf(Preempted);
    await screen;
    expect(order).toEqual(['background started', 'screen']);
    expect(stopped).not.toBeNull();
  });

  it('a preempted job whose work ended well resolves; a job that is not preemptible, or a queued job of the same priority, is not stopped', async () => {
    const queue = new JobQueue();
    const held = gate();
    const finished = queue.run('read', async (signal) => {
      await held.wait();
      return signal.aborted ? 'ended well after the stop' : 'not stopped';
    }, { priority: 'background', preemptible: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const screen = queue.run('read', async () => 'screen');
    held.release();
    expect(await finished).toBe('ended well after the stop');
    expect(await screen).toBe('screen');

    const heldAgain = gate();
    const signals: AbortSignal[] = [];
    const plain = queue.run('read', async (signal) => {
      signals.push(signal);
      await heldAgain.wait();
    }, { priority: 'background' });
    const sameRank = queue.run('read', async (signal) => {
      signals.push(signal);
    }, { priority: 'background', preemptible: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const other = queue.run('read', async () => undefined);
    heldAgain.release();
    await Promise.all([plain, sameRank, other]);
    expect(signals.map((signal) => signal.aborted)).toEqual([false, false]);
  });
});
