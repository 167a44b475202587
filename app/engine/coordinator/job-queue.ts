/** What the user is looking at runs first; prefetches next; background work last. */
export type Priority = 'interactive' | 'prefetch' | 'background';

const RANK: Record<Priority, number> = { interactive: 0, prefetch: 1, background: 2 };

interface RunningJob {
  job: QueuedJob;
  stop: AbortController;
  ended: Promise<void>;
}

/**
 * Why a preemptible job was stopped: a job of a higher priority was queued while it ran. Its
 * promise rejects with this error (its statement ended early, or never ran), and the caller runs
 * it again later.
 */
export class Preempted extends Error {
  constructor() {
    super('stopped for a job of a higher priority');
    this.name = 'Preempted';
  }
}

const PREEMPTED = Symbol('preempted');

interface QueuedJob {
  kind: 'read' | 'write';
  rank: number;
  preemptible: boolean;
  start(): Omit<RunningJob, 'job'>;
  /** Leaves the queue without starting: the job's promise rejects with `reason`. */
  drop(reason: unknown): void;
}

export interface JobOptions {
  priority?: Priority;
  signal?: AbortSignal;
  /**
   * The job stops when a job of a higher priority is queued while it runs (its signal fires) and
   * rejects with Preempted, unless its work ended well: only for work that can simply run again.
   */
  preemptible?: boolean;
}

/**
 * Runs jobs one at a time. A write is a barrier: it starts once every job queued before it has
 * finished, and jobs queued after it start once it has finished. Between two writes, reads run
 * by priority, then in the order they were queued. A job whose signal fires while it waits is
 * dropped: it never starts and its promise rejects with the signal's reason. A running job gets
 * a signal of its own, which fires when the caller's does or when the queue is taken over, or,
 * for a preemptible job, when a job of a higher priority is queued.
 */
export class JobQueue {
  private readonly waiting: QueuedJob[] = [];
  private running: RunningJob | null = null;

  run<T>(kind: QueuedJob['kind'], work: (signal: AbortSignal) => Promise<T>, options: JobOptions = {}): Promise<T> {
    return this.enqueue(kind, work, options, 'last').done;
  }

  /**
   * Ends what the queue holds, for a change no job may outlive (the engine restarts): every
   * waiting job is dropped with `reason`, the running job's signal fires with it, and `interrupt`
   * runs at once. `interrupt` must end the statement the running job waits for (a restart ends
   * every statement), so once it has ended `work` starts, as a write, without waiting for the
   * rest of the running job: that job's signal keeps it from the engine. Jobs queued later wait
   * for `work`.
   */
  takeOver<T>(reason: unknown, interrupt: () => Promise<void>, work: () => Promise<T>): Promise<T> {
    for (const job of [...this.waiting]) job.drop(reason);
    this.running?.stop.abort(reason);
    const interrupted = interrupt();
    const takeOver = this.enqueue('write', async () => {
      await interrupted;
      return work();
    }, {}, 'first');
    interrupted.then(() => {
      if (this.waiting[0] === takeOver.job) this.begin(takeOver.job);
    }, () => undefined);
    return takeOver.done;
  }

  private enqueue<T>(kind: QueuedJob['kind'], work: (signal: AbortSignal) => Promise<T>, { priority = 'interactive', signal, preemptible = false }: JobOptions, place: 'first' | 'last') {
    let job!: QueuedJob;
    const done = new Promise<T>((resolve, reject) => {
      const stop = new AbortController();
      const stopWithCaller = () => stop.abort(signal!.reason);
      const dropWithCaller = () => job.drop(signal!.reason);
      job = {
        kind,
        rank: RANK[priority],
        preemptible,
        start: () => {
          signal?.removeEventListener('abort', dropWithCaller);
          signal?.addEventListener('abort', stopWithCaller, { once: true });
          const ended = Promise.resolve()
            .then(() => work(stop.signal))
            .then(resolve, (error: unknown) => reject(stop.signal.reason === PREEMPTED ? new Preempted() : error))
            .finally(() => signal?.removeEventListener('abort', stopWithCaller));
          return { stop, ended };
        },
        drop: (reason) => {
          const index = this.waiting.indexOf(job);
          if (index < 0) return;
          this.waiting.splice(index, 1);
          signal?.removeEventListener('abort', dropWithCaller);
          reject(reason);
        },
      };
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', dropWithCaller, { once: true });
      if (place === 'first') this.waiting.unshift(job);
      else this.waiting.push(job);
      const running = this.running;
      if (running?.job.preemptible && job.rank < running.job.rank && !running.stop.signal.aborted) running.stop.abort(PREEMPTED);
      // Deferred, so that jobs asked for in the same tick (a screen's queries) are ordered by priority.
      queueMicrotask(() => this.startNext());
    });
    return { job, done };
  }

  private next(): QueuedJob | undefined {
    const barrier = this.waiting.findIndex((job) => job.kind === 'write');
    if (barrier === 0) return this.waiting[0];
    const reads = barrier < 0 ? this.waiting : this.waiting.slice(0, barrier);
    return reads.reduce<QueuedJob | undefined>((best, job) => (best && best.rank <= job.rank ? best : job), undefined);
  }

  private startNext(): void {
    if (this.running) return;
    const job = this.next();
    if (job) this.begin(job);
  }

  /** Starts `job` now; a job taken over while it ran no longer holds the queue when it ends. */
  private begin(job: QueuedJob): void {
    this.waiting.splice(this.waiting.indexOf(job), 1);
    const running = { ...job.start(), job };
    this.running = running;
    void running.ended.finally(() => {
      if (this.running === running) this.running = null;
      this.startNext();
    });
  }
}
