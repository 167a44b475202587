import type { BrowserEngine } from '../engine/browser-engine';
import type { StepRunner } from '../engine/copy-database';
import { datasetCoordinator } from '../engine/dataset-coordinator';
import { SLICE_PREEMPTED_MARK, SLICE_STARTED_MARK } from './keeping-marks';

export interface KeepingHooks {
  /** The share of the dataset written so far (0–1), or null when no keeping runs. */
  onProgress(fraction: number | null): void;
  /** Keeping failed (not cancelled): the storage refused it. */
  onFailure(error: unknown): Promise<void>;
}

/**
 * Keeps the dataset in the browser's storage after a load, while every screen already answers:
 * each slice of the copy is a `background` job of the coordinator, started only once the screens
 * have asked nothing for a moment. A screen's query asked while a slice runs ends that slice (its
 * insert is rolled back, and it runs again once the screens are quiet), so it waits for no slice. A write to the dataset (a load, labels) stops
 * it first; the next keeping writes a new file from the start.
 */

interface Running {
  abort: AbortController;
  done: Promise<void>;
}

export class BackgroundKeeping {
  private running: Running | null = null;
  /** Starts and stops in the order asked, one at a time: two keepings never write at once. */
  private order: Promise<void> = Promise.resolve();

  constructor(private readonly engine: BrowserEngine, private readonly hooks: () => KeepingHooks) {}

  /** Keeps the dataset as it is now (stopping a keeping that runs: it started from older rows). */
  start(): Promise<void> {
    return this.inOrder(async () => {
      await this.stopRunning();
      this.begin();
    });
  }

  /** The dataset changed: a keeping that runs starts again from the new rows; none starts otherwise. */
  restartIfRunning(): Promise<void> {
    return this.inOrder(async () => {
      if (!this.running) return;
      await this.stopRunning();
      this.begin();
    });
  }

  /** Stops the keeping that runs (its new file is removed; the kept dataset stays as it was). */
  stop(): Promise<void> {
    return this.inOrder(() => this.stopRunning());
  }

  private inOrder(step: () => Promise<void>): Promise<void> {
    const next = this.order.then(step);
    this.order = next.catch(() => undefined);
    return next;
  }

  private begin(): void {
    const abort = new AbortController();
    const coordinator = datasetCoordinator(this.engine);
    // a slice ended by a screen's query is rolled back, and runs again once the screens are quiet
    const run: StepRunner = (step, { preemptible = false } = {}) =>
      coordinator.readWhenQuiet(({ engine }) => {
        if (preemptible) performance.mark(SLICE_STARTED_MARK);
        return step(engine);
      }, { signal: abort.signal, preemptible, onPreempted: () => performance.mark(SLICE_PREEMPTED_MARK) });
    this.hooks().onProgress(0);
    const running: Running = { abort, done: Promise.resolve() };
    running.done = this.engine.keep(run, (fraction) => this.hooks().onProgress(fraction)).then(
      () => this.finished(running, null),
      (error: unknown) => this.finished(running, abort.signal.aborted ? null : error),
    );
    this.running = running;
  }

  private async stopRunning(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.abort.abort(new Error('keeping stopped: the dataset changes'));
    await running.done;
  }

  private async finished(running: Running, error: unknown): Promise<void> {
    if (this.running === running) this.running = null;
    this.hooks().onProgress(this.running ? 0 : null);
    if (error) await this.hooks().onFailure(error);
  }
}
