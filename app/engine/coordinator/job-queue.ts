/** What the user is looking at runs first; prefetches next; background work last. */
export type Priority = 'interactive' | 'prefetch' | 'background';

const RANK: Record<Priority, number> = { interactive: 0, prefetch: 1, background: 2 };

interface QueuedJob {
  kind: 'read' | 'write';
  rank: number;
  start(): Promise<void>;
}

/**
 * Runs jobs one at a time. A write is a barrier: it starts once every job queued before it has
 * finished, and jobs queued after it start once it has finished. Between two writes, reads run
 * by priority, then in the order they were queued. A job whose signal fires while it waits is
 * dropped: it never starts and its promise rejects with the signal's reason.
 */
export class JobQueue {
  private readonly waiting: QueuedJob[] = [];
  private running = false;

  run<T>(kind: QueuedJob['kind'], work: () => Promise<T>, options: { priority?: Priority; signal?: AbortSignal } = {}): Promise<T> {
    const { priority = 'interactive', signal } = options;
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const drop = () => {
        const index = this.waiting.indexOf(job);
        if (index < 0) return;
        this.waiting.splice(index, 1);
        reject(signal!.reason);
      };
      const job: QueuedJob = {
        kind,
        rank: RANK[priority],
        start: () => {
          signal?.removeEventListener('abort', drop);
          return Promise.resolve().then(work).then(resolve, reject);
        },
      };
      signal?.addEventListener('abort', drop, { once: true });
      this.waiting.push(job);
      // Deferred, so that jobs asked for in the same tick (a screen's queries) are ordered by priority.
      queueMicrotask(() => this.startNext());
    });
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
    if (!job) return;
    this.waiting.splice(this.waiting.indexOf(job), 1);
    this.running = true;
    void job.start().finally(() => {
      this.running = false;
      this.startNext();
    });
  }
}
