import { startBrowserEngine, type BrowserEngine } from '../engine/browser-engine';
import type { EngineStartStep } from '../engine/engine-worker';
import { openDataset, readLoadCounters, type KeptFiles } from '../engine/kept-dataset';
import { storageFailure } from '../engine/kept-storage';
import { compressLoadedRows, finalizeLoad } from '../engine/dataset';
import { datasetCoordinator } from '../engine/dataset-coordinator';
import { ensureDerivedTables } from '../engine/metrics-report';
import { syncGivenLabels } from '../engine/given-labels';
import type { GivenLabel } from '../schema/given-label';
import { labelIdsOnLoadedLogs, NO_LABEL_SYNC, type LastLabelSync } from '../model/annotation/labels-on-loaded-logs';
import {
  DATASET_COUNTS_ROW, DATASET_FINGERPRINT_ROW, DATASET_FINGERPRINTS_SQL, DATASET_SUMMARY_SQL, type DatasetSummary,
} from '../engine/sql/dataset-summary';
import { run } from '../engine/sql/core/run';
import { datasetIdOf } from '../ingest/file-fingerprint';
import { SPAN_KIND_COUNT_ROW, SPANS_BY_KIND_SQL } from '../engine/sql/spans';
import { BrowserLoader, type LoadOutcome, type LoadProgress } from './browser-loader';
import type { LoadInput } from '../ingest/worker-protocol';
import { pluralize } from '../lib/format';
import { BackgroundKeeping } from './background-keeping';
import { errorMessage } from '../lib/error-message';

/** What the status line says about where the logs are kept and where they came from. */
export interface DatasetOrigin {
  /** The dataset was reopened from the browser's storage at start (not read from files). */
  restored: KeptFiles | null;
  storage: BrowserEngine['storage'];
  /** The build of DuckDB-wasm that runs, and its threads. */
  build: BrowserEngine['build'];
  /** Something the user should know about storage, in words (null when all is as asked). */
  storageNote: string | null;
}

export interface StartHooks {
  onStep(step: EngineStartStep | 'restoring'): void;
}

/** What the page hears about keeping in the background (set by the page once the session started). */
export interface SessionListener {
  /** The share written of the dataset being kept, or null when none is being kept. */
  onKeeping(fraction: number | null): void;
  /** `origin` changed outside a load or clear (keeping failed). */
  onOriginChanged(): void;
}

/**
 * The engine, the loader and the dataset of one page: starts the engine, reopens what the
 * browser kept, loads files (falling back to memory when storage fails) and clears.
 */
export class DatasetSession {
  /** Every input loaded in this tab, replayed when storage fails and the dataset moves to memory. */
  private readonly inputsThisTab: LoadInput[] = [];
  /** The label journal as last read: applied after every start, load and clear. */
  private givenLabels: readonly GivenLabel[] = [];
  /** Labels of the journal the last apply left out: their items are in other logs. */
  private labelsOtherLogs = 0;
  /** Labels of the journal the last apply found in a loaded file: that copy stands. */
  private labelsInLoadedFiles = 0;
  private lastLabelSync: LastLabelSync = NO_LABEL_SYNC;
  listener: SessionListener = { onKeeping: () => undefined, onOriginChanged: () => undefined };
  private readonly keeping: BackgroundKeeping;

  private constructor(
    readonly engine: BrowserEngine,
    private readonly loader: BrowserLoader,
    public origin: DatasetOrigin,
  ) {
    this.keeping = new BackgroundKeeping(engine, () => ({
      onProgress: (fraction) => this.listener.onKeeping(fraction),
      onFailure: (error) => this.keepingFailed(error),
    }));
  }

  static async start(hooks: StartHooks): Promise<DatasetSession> {
    const engine = await startBrowserEngine({ keep: true, onStep: hooks.onStep, storageQuotaBytes: testStorageQuota() });
    performance.mark('engine:ready');
    if (engine.storage.mode !== 'memory') hooks.onStep('restoring');
    let opened = await openDataset(engine);
    performance.mark('dataset:checked');
    let note = engine.storage.reason;
    if (opened.kind === 'incompatible') {
      await engine.discardKept();
      opened = await openDataset(engine);
      note = 'The logs kept in this browser were stored by an earlier version of the app and cannot be read; they were removed. Open the files again.';
    }
    // The derived tables are updated as one write of the coordinator: no screen's query runs
    // between its statements. The loaded rows are compressed before the metric tables are built,
    // which then fill the memory freed instead of growing the tab.
    const updateDerivedTables = () =>
      datasetCoordinator(engine).write(async (reader) => {
        await finalizeLoad(reader);
        await compressLoadedRows(reader);
        await ensureDerivedTables(reader);
      });
    const loader = new BrowserLoader(engine.writer, updateDerivedTables);
    const restored = opened.kind === 'restored' ? opened.kept : null;
    // The metric tables of a restored dataset are brought up to date by the coordinator, before
    // the first screen query that reads them. Where the next load continues is read after the
    // first screen has what it asked for (or before a load, if one comes first).
    if (restored) {
      loader.resumeFrom(() => datasetCoordinator(engine).readWhenQuiet(({ engine: reader }) => readLoadCounters(reader), { preemptible: true }));
      loader.readAhead();
    }
    performance.mark('dataset:opened');
    return new DatasetSession(engine, loader, { restored, storage: engine.storage, build: engine.build, storageNote: note });
  }

  /** The counts the status line shows, read through the coordinator like every screen's query. */
  async summary(): Promise<DatasetSummary> {
    return datasetCoordinator(this.engine).read(async ({ engine }) => {
      const [counts] = await run(engine, DATASET_SUMMARY_SQL, DATASET_COUNTS_ROW);
      const fingerprints = (await run(engine, DATASET_FINGERPRINTS_SQL, DATASET_FINGERPRINT_ROW)).map((row) => row.fingerprint);
      return {
        ...counts,
        unmappedSpans: await run(engine, SPANS_BY_KIND_SQL, SPAN_KIND_COUNT_ROW),
        labelsOtherLogs: counts.files > 0 ? this.labelsOtherLogs : 0,
        labelsInLoadedFiles: counts.files > 0 ? this.labelsInLoadedFiles : 0,
        datasetId: fingerprints.length > 0 ? await datasetIdOf(fingerprints) : null,
      };
    });
  }

  /**
   * Makes the dataset hold the labels given in this browser (the journal's `labels`) that belong
   * to it (given-labels.ts); true when that changed the dataset or how many are left out. While a
   * load runs the labels wait for it to end.
   */
  async applyGivenLabels(labels?: readonly GivenLabel[]): Promise<boolean> {
    if (labels) this.givenLabels = labels;
    if (this.loader.busy) return false;
    const journal = this.givenLabels;
    const sync = await datasetCoordinator(this.engine).write(async (reader) => {
      const result = await syncGivenLabels(reader, journal);
      if (result.inserted + result.removed > 0) {
        await finalizeLoad(reader);
        await ensureDerivedTables(reader);
      }
      return result;
    });
    this.loader.advance(sync.nextSeq);
    // Labels changed the dataset while it was being kept: keeping starts again, from these rows.
    if (sync.inserted + sync.removed > 0) await this.keeping.restartIfRunning();
    this.lastLabelSync = { journal: new Set(journal.map((label) => label.event_id)), applied: sync.appliedIds };
    const leftOutChanged = sync.otherLogs !== this.labelsOtherLogs || sync.inLoadedFiles !== this.labelsInLoadedFiles;
    this.labelsOtherLogs = sync.otherLogs;
    this.labelsInLoadedFiles = sync.inLoadedFiles;
    return sync.inserted + sync.removed > 0 || leftOutChanged;
  }

  /** The ids of the labels of `journal` on the loaded logs, known without waiting for the engine (labels-on-loaded-logs.ts). */
  givenLabelIdsHere(journal: readonly GivenLabel[]): string[] {
    return labelIdsOnLoadedLogs(this.lastLabelSync, journal.map((label) => label.event_id));
  }

  get busy(): boolean {
    return this.loader.busy;
  }

  cancel(): void {
    this.loader.cancel();
  }

  /**
   * Loads into memory; once the rows are in and the derived tables current, the dataset is
   * usable and keeping it in the browser's storage starts in the background (BackgroundKeeping).
   */
  async load(inputs: LoadInput[], onProgress: (progress: LoadProgress) => void): Promise<LoadOutcome> {
    await this.keeping.stop();
    // A restored dataset is the kept file itself: the load goes to a copy in memory, kept afterwards.
    if (this.engine.onKeptFile) await datasetCoordinator(this.engine).write(() => this.engine.moveOffKeptFile());
    this.engine.prepareKeeping();
    try {
      const outcome = await this.loader.load(inputs, onProgress);
      this.inputsThisTab.push(...inputs);
      await this.applyGivenLabels();
      this.origin = { ...this.origin, restored: null };
      return outcome;
    } catch (error) {
      const failure = storageFailure(error);
      const fileFailed = failure.kind === 'full' || failure.kind === 'io';
      if (this.engine.storage.mode !== 'kept' || !fileFailed) throw error;
      return this.moveToMemory(failure.message, inputs, onProgress);
    } finally {
      if (this.engine.storage.mode === 'kept' && !this.engine.onKeptFile) await this.keeping.start();
    }
  }

  /** The storage refused the kept copy: the logs stay in this tab's memory, and the user is told. */
  private async keepingFailed(error: unknown): Promise<void> {
    const why = storageFailure(error).message;
    console.error(`Keeping the logs in this browser failed: ${errorMessage(error)}`);
    await this.engine.stopKeeping(why);
    this.origin = {
      restored: null,
      storage: this.engine.storage,
      build: this.engine.build,
      storageNote: `Not kept: ${why}. These logs are held in memory only, so a reload will not reopen them.`,
    };
    this.listener.onOriginChanged();
  }

  /** Storage failed mid-load: start again in memory and load everything this tab loaded, this load included. */
  private async moveToMemory(why: string, inputs: LoadInput[], onProgress: (progress: LoadProgress) => void): Promise<LoadOutcome> {
    const lostRestored = this.origin.restored;
    await this.engine.fallBackToMemory(why);
    await datasetCoordinator(this.engine).write(() => openDataset(this.engine));
    this.loader.reset();
    const replay = [...this.inputsThisTab, ...inputs];
    const outcome = await this.loader.load(replay, onProgress);
    this.inputsThisTab.push(...inputs);
    await this.applyGivenLabels();
    const restoredNote = lostRestored
      ? ` The ${pluralize(lostRestored.files, 'file')} reopened from storage at start could not be carried over: open ${lostRestored.files === 1 ? 'it' : 'them'} again.`
      : '';
    this.origin = {
      restored: null,
      storage: this.engine.storage,
      build: this.engine.build,
      storageNote: `Not kept: ${why}. These logs are held in memory only, so a reload will not reopen them.${restoredNote}`,
    };
    return outcome;
  }

  /** Empties the dataset, in this tab and in the browser's storage; says where the logs were removed from. */
  async clear(): Promise<string> {
    const wasCopy = this.engine.storage.mode === 'copy';
    const wasKept = this.engine.storage.mode === 'kept';
    await this.keeping.stop();
    // The engine restarts empty: queued queries are dropped, and the running one ends with the old engine.
    await datasetCoordinator(this.engine).takeOver(new LogsClearedError(), () => this.engine.discardKept(), () => openDataset(this.engine));
    this.loader.reset();
    this.inputsThisTab.length = 0;
    this.lastLabelSync = { journal: new Set(this.givenLabels.map((label) => label.event_id)), applied: [] };
    this.origin = {
      restored: null,
      storage: this.engine.storage,
      build: this.engine.build,
      storageNote: wasCopy ? 'Cleared in this tab; the tab that keeps these logs still has them.' : this.engine.storage.reason,
    };
    return wasKept ? 'The logs were removed from this tab and from this browser’s storage.' : 'The logs were removed from this tab.';
  }
}

/** Why a query asked before a Clear never answered. */
export class LogsClearedError extends Error {
  override name = 'LogsClearedError';
  constructor() {
    super('the logs were cleared');
  }
}

/** A quota the browser tests set to play a full disk (see createEngineWorker). */
function testStorageQuota(): number | null {
  const value = Number(window.localStorage?.getItem('retrieval-inspector:test-storage-quota-bytes') ?? NaN);
  return Number.isFinite(value) && value > 0 ? value : null;
}
