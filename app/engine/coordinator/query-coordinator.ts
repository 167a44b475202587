import type { Engine } from '../engine';
import { cachingReads, stopsWhenAborted } from './job-engine';
import { JobQueue, Preempted, type Priority } from './job-queue';
import type { Materialization } from './materialization';
import { MaterializedTables } from './materialized-tables';
import { ResultCache } from './result-cache';

/**
 * How long the screens must have asked nothing before background work takes the engine (a
 * keeping slice, a restored dataset's load counters): longer than the gap between a screen's
 * answer and its next query (a render), short beside the work.
 */
const SCREENS_QUIET_MS = 300;

/** What a read job gets: the connection to itself, and the shared tables it needs. */
export interface ReadJob {
  engine: Engine;
  /** The name of the table holding `materialization` in this version, built on first use. */
  materialize(materialization: Materialization): Promise<string>;
  /** The name of that table if this version has built it, else null (nothing is built). */
  materialized(materialization: Materialization): string | null;
}

export interface ReadOptions {
  priority?: Priority;
  /** Drops the read if it fires before the read starts; a running read stops before its next statement. */
  signal?: AbortSignal;
  /**
   * The caller's dataset version, for data changed outside the coordinator (the browser's loader):
   * a newer one starts a new version, an older one means the caller is superseded. Only a read
   * that carries it uses the result cache: of any other, the coordinator cannot tell which data
   * it reads (the status line's counts right after a load, an export of the labels given here).
   */
  datasetVersion?: number;
  /** Runs after the version's preparation (`CoordinatorOptions.prepareVersion`). */
  prepared?: boolean;
  /**
   * A read (of the background) that a screen's read stops as soon as it is queued: its running
   * statement is ended where the engine can (the browser's), and the read rejects with Preempted
   * (job-queue.ts) unless it ended well. For work that can simply run again (a slice of keeping).
   */
  preemptible?: boolean;
}

export interface CoordinatorOptions {
  /** Runs as a write once per version, before the first read that asks for it (the derived tables). */
  prepareVersion?: (engine: Engine) => Promise<void>;
  /** How many statements' rows the result cache keeps. */
  cacheSize?: number;
  maxMaterializations?: number;
}

/** A read asked for a dataset version older than one the coordinator has already seen. */
export class SupersededReadError extends Error {
  override name = 'SupersededReadError';
}

/**
 * Runs every query of one engine: one job at a time, writes ordered before the reads queued after
 * them, reads by priority, the rows of each read statement cached by (version, SQL, values), and
 * the settings-dependent tables the reads share built once per version (README.md).
 */
export class QueryCoordinator {
  private readonly queue = new JobQueue();
  private readonly cache: ResultCache<unknown>;
  private readonly tables: MaterializedTables;
  private currentVersion = 0;
  private lastDatasetVersion: number | null = null;
  private preparation: Promise<void> | null = null;
  /** Reads a screen asked for (any priority but background) that have not ended, and when the last one ended. */
  private screenReads = 0;
  private screenReadEndedAt = -Infinity;

  constructor(private readonly engine: Engine, private readonly options: CoordinatorOptions = {}) {
    this.cache = new ResultCache(options.cacheSize ?? 256);
    this.tables = new MaterializedTables(engine, options.maxMaterializations ?? 4);
  }

  /** The version reads queued now will see: one more for every write and every newer dataset version. */
  get version(): number {
    return this.currentVersion;
  }

  /**
   * Runs `work` as one job. With a `datasetVersion`, its read statements are answered from the
   * cache where this version ran them before, and what it reads is kept for later jobs.
   */
  read<T>(work: (job: ReadJob) => Promise<T>, options: ReadOptions = {}): Promise<T> {
    if (options.datasetVersion !== undefined && !this.follow(options.datasetVersion)) {
      return Promise.reject(new SupersededReadError(`dataset version ${options.datasetVersion} was superseded`));
    }
    const version = this.currentVersion;
    const preparation = options.prepared ? this.prepare() : null;
    const job = this.queue.run('read', async (signal) => {
      await preparation;
      await this.tables.enterVersion(version);
      try {
        const reads = options.datasetVersion === undefined ? null : cachingReads(this.engine, this.cache, version, () => this.cache.clear());
        const engine = stopsWhenAborted(reads?.engine ?? this.engine, signal, options.preemptible === true);
        const materialize = (m: Materialization) => (signal.aborted ? Promise.reject(signal.reason) : this.tables.ensure(m));
        const materialized = (m: Materialization) => this.tables.existing(m);
        const result = await work({ engine, materialize, materialized });
        if (version === this.currentVersion) reads?.keep();
        return result;
      } finally {
        this.tables.jobDone();
      }
    }, options);
    return options.priority === 'background' ? job : this.countedScreenRead(job);
  }

  /**
   * Resolves once no screen's read has been queued or running for `ms`: background work (keeping
   * the dataset) waits for it before each step, so a screen that asks one query after another
   * (each after the last one's answer rendered) is not held up by a step between two of them.
   * Rejects as soon as `signal` aborts (Clear stops keeping while a screen still computes).
   */
  async screensQuietFor(ms: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const quietMs = performance.now() - this.screenReadEndedAt;
      if (this.screenReads === 0 && quietMs >= ms) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(this.screenReads === 0 ? ms - quietMs : ms, 50)));
    }
  }

  /**
   * Background work that yields to the screens: it starts once they have asked nothing for
   * `SCREENS_QUIET_MS`; when `preemptible`, a screen's query asked while it runs ends it
   * (`onPreempted` is told), and it runs again once they are quiet.
   */
  async readWhenQuiet<T>(work: (job: ReadJob) => Promise<T>, options: { signal?: AbortSignal; preemptible?: boolean; onPreempted?: () => void } = {}): Promise<T> {
    for (;;) {
      await this.screensQuietFor(SCREENS_QUIET_MS, options.signal);
      try {
        return await this.read(work, { priority: 'background', signal: options.signal, preemptible: options.preemptible });
      } catch (error) {
        if (!(error instanceof Preempted)) throw error;
        options.onPreempted?.();
      }
    }
  }

  private countedScreenRead<T>(job: Promise<T>): Promise<T> {
    this.screenReads += 1;
    const ended = () => {
      this.screenReads -= 1;
      this.screenReadEndedAt = performance.now();
    };
    job.then(ended, ended);
    return job;
  }

  /** Runs `work` after every job queued so far and before every job queued later; it starts a new version. */
  write<T>(work: (engine: Engine) => Promise<T>): Promise<T> {
    const version = this.startVersion();
    return this.queue.run('write', async (signal) => {
      try {
        return await work(stopsWhenAborted(this.engine, signal));
      } finally {
        await this.tables.enterVersion(version);
      }
    });
  }

  /**
   * Runs `work` ahead of everything queued, for a change no job may outlive (Clear restarts the
   * engine): every queued job is dropped, rejecting with `reason`; the running job stops before
   * its next statement; `interrupt` runs at once, to end the statement running then (the browser's
   * engine restarts, which ends it); `work` runs once both have ended. It starts a new version.
   */
  takeOver<T>(reason: Error, interrupt: () => Promise<void>, work: (engine: Engine) => Promise<T>): Promise<T> {
    const version = this.startVersion();
    return this.queue.takeOver(reason, interrupt, async () => {
      try {
        return await work(this.engine);
      } finally {
        await this.tables.enterVersion(version);
      }
    });
  }

  /** Drops the tables this coordinator built, after the jobs queued so far. */
  async close(): Promise<void> {
    await this.queue.run('write', () => this.tables.dropAll());
    this.cache.clear();
  }

  private startVersion(): number {
    this.currentVersion += 1;
    this.preparation = null;
    this.cache.clear();
    return this.currentVersion;
  }

  /** Follows the caller's dataset version; false when it is older than one seen before. */
  private follow(datasetVersion: number): boolean {
    const last = this.lastDatasetVersion;
    if (last !== null && datasetVersion < last) return false;
    if (last !== null && datasetVersion > last) {
      // The data changed already: this write only keeps the two versions' jobs apart and drops the
      // old tables (if that fails, the next job's enterVersion tries again).
      const version = this.startVersion();
      this.queue.run('write', () => this.tables.enterVersion(version)).catch(() => undefined);
    }
    this.lastDatasetVersion = datasetVersion;
    return true;
  }

  /** The current version's preparation, queued as a write once; a failed one is tried again by the next read. */
  private prepare(): Promise<void> {
    if (!this.preparation) {
      const preparation = this.queue.run('write', async (signal) => {
        await this.options.prepareVersion?.(stopsWhenAborted(this.engine, signal));
      });
      preparation.catch(() => {
        if (this.preparation === preparation) this.preparation = null;
      });
      this.preparation = preparation;
    }
    return this.preparation;
  }
}

/**
 * One read on an engine that no coordinator serves (the command line, tests, the benchmark): the
 * tables it materializes are dropped when it ends. It owns the connection while it runs.
 */
export async function readOnce<T>(engine: Engine, work: (job: ReadJob) => Promise<T>): Promise<T> {
  const coordinator = new QueryCoordinator(engine);
  try {
    return await coordinator.read(work);
  } finally {
    await coordinator.close();
  }
}
