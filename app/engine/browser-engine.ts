import { AsyncDuckDB, DuckDBAccessMode, DuckDBDataProtocol, type AsyncDuckDBConnection } from '@duckdb/duckdb-wasm';
import type { Engine, SqlValue } from './engine';
import { arrowToRows } from './arrow-rows';
import { checkedRows } from './sql/core/row-spec';
import { PreparedStatements } from './prepared-statements';
import { createEngineWorker, isEngineStartLog, isStorageFailureLog, type EngineStartStep } from './engine-worker';
import { becomeKeeper, copyKeptDatabase, KEPT_ELSEWHERE, opfsAvailable, storageFailure, type EngineStorage } from './kept-storage';
import { keptFileExists, keptFileName, nameKeptFile, nextKeptFileName, opfsPath, removeAllKeptFiles, removeKeptFilesBut } from './kept-manifest';
import { copyDatabaseInSlices, type StepRunner } from './copy-database';
import { untilFileReleased } from './file-release';
import { selectEngineBundle, type EngineBuild, type SelectedBundle } from './engine-bundles';
import { errorMessage } from '../lib/error-message';

export interface BrowserEngine extends Engine {
  /**
   * The same database on a second connection, for loads: a load runs in one transaction there
   * (DuckDB then writes whole row groups to the kept file instead of logging every batch), and
   * the screens' queries on the first connection see the data as it was until it commits.
   */
  readonly writer: Engine;
  /** Where the dataset lives: kept in the browser's storage, a copy of it, or memory only. */
  readonly storage: EngineStorage;
  /** The database is the kept file itself (a restored dataset), not memory. */
  readonly onKeptFile: boolean;
  /**
   * Writes the in-memory database to a new kept file, slice by slice through `run`, and makes
   * it the kept dataset once whole (kept-manifest.ts); no-op unless storage is `kept` and the
   * database is in memory. On failure (or when `run` rejects: cancelled) the new file is removed.
   */
  keep(run: StepRunner, onProgress: (fraction: number) => void): Promise<void>;
  /**
   * Makes the next kept file's empty database now (a load starts), which `keep` would otherwise
   * make when it starts: a second engine that boots for it takes a core for over a second, and
   * then the screens just opened on the loaded logs would wait.
   */
  prepareKeeping(): void;
  /** Goes on in memory, with a copy of the kept file it had open (before a load appends to it). */
  moveOffKeptFile(): Promise<void>;
  /** The build of DuckDB-wasm that runs (threaded only on a cross-origin isolated page, for a dataset in memory). */
  readonly build: EngineBuild;
  /** Removes the kept dataset from storage and starts again, empty, the same way. */
  discardKept(): Promise<void>;
  /** Gives up the browser's storage for this tab, removing what it kept: starts again empty, in memory. */
  fallBackToMemory(reason: string): Promise<void>;
  /** Keeping failed: the dataset stays in memory (not kept) and what was kept is removed. */
  stopKeeping(reason: string): Promise<void>;
}

export interface EngineStartOptions {
  /** Keep the dataset in the browser's storage (OPFS) when it can be. */
  keep: boolean;
  onStep?: (step: EngineStartStep) => void;
  /** A storage quota to enforce on the kept files (browser tests of a full disk); null for the browser's own. */
  storageQuotaBytes?: number | null;
}

interface Instance extends Booted {
  /** The kept file the database is (opened from storage), or null in memory. */
  keptFile: string | null;
  connection: AsyncDuckDBConnection;
  writeConnection: AsyncDuckDBConnection;
  storage: EngineStorage;
  build: EngineBuild;
  /** Rejects when the instance stops: a call still waiting for its worker then rejects too. */
  stopped: Promise<never>;
  stop(reason: Error): void;
}

/** The error of a call that was running on an instance when it stopped (Clear, the fallback to memory). */
export class EngineRestartedError extends Error {
  override name = 'EngineRestartedError';
}

interface Booted {
  worker: Worker;
  db: AsyncDuckDB;
  /** The first write the browser refused, if any: the kept file is incomplete from then on. */
  refusedWrite: { message: string | null };
  selected: SelectedBundle;
}

async function boot(onStep: (step: EngineStartStep) => void, quota: number | null, keptInStorage: boolean): Promise<Booted> {
  const selected = await selectEngineBundle(keptInStorage);
  const { bundle } = selected;
  const wasmUrl = new URL(bundle.mainModule, window.location.href).href;
  onStep('download');
  const worker = createEngineWorker(bundle.mainWorker!, wasmUrl, quota);
  const refusedWrite: Booted['refusedWrite'] = { message: null };
  const logger = {
    log: (entry: unknown) => {
      if (isEngineStartLog(entry)) onStep(entry.engineStartStep);
      else if (isStorageFailureLog(entry)) refusedWrite.message ??= entry.storageFailure;
    },
  };
  const db = new AsyncDuckDB(logger, worker);
  const failed = new Promise<never>((_, reject) => worker.addEventListener('error', (event) => reject(new Error(event.message || 'the engine worker failed to start'))));
  const pthreadWorkerUrl = bundle.pthreadWorker ? new URL(bundle.pthreadWorker, window.location.href).href : null;
  await Promise.race([db.instantiate(wasmUrl, pthreadWorkerUrl), failed]);
  onStep('started');
  return { worker, db, refusedWrite, selected };
}

/** The keeper's lock, asked for once per page (a second request from the same page would wait on the first). */
let keeper: Promise<boolean> | null = null;

type Opened = EngineStorage & { damaged?: boolean; keptFile: string | null };

/**
 * Opens the kept database file, or memory (nothing kept yet: a load fills memory and is kept
 * afterwards), or a copy of what another tab keeps, or memory only; says which and why.
 */
async function openDatabase(db: AsyncDuckDB, keep: boolean, maximumThreads: number | undefined): Promise<Opened> {
  if (!keep || !opfsAvailable()) {
    // DuckDB-wasm starts with an in-memory database: opened again only to set its threads
    if (maximumThreads !== undefined) await db.open({ path: ':memory:', maximumThreads });
    return { mode: 'memory', reason: keep ? 'this browser offers no private file storage to this page' : null, keptFile: null };
  }
  keeper ??= becomeKeeper();
  if (!(await keeper)) return openCopy(db, KEPT_ELSEWHERE);
  const name = await keptFileName();
  await removeKeptFilesBut(name);
  if (!(await keptFileExists(name))) {
    await db.open({ path: ':memory:' });
    return { mode: 'kept', reason: null, keptFile: null };
  }
  try {
    await db.open({ path: opfsPath(name), accessMode: DuckDBAccessMode.READ_WRITE });
    return { mode: 'kept', reason: null, keptFile: name };
  } catch (error) {
    const failure = storageFailure(error);
    if (failure.kind === 'locked') return openCopy(db, failure.message);
    await db.open({ path: ':memory:' });
    return { mode: 'memory', reason: failure.message, damaged: failure.kind === 'damaged', keptFile: null };
  }
}

async function openCopy(db: AsyncDuckDB, reason: string): Promise<Opened> {
  await db.open({ path: ':memory:' });
  try {
    await copyKeptDatabase(db);
    return { mode: 'copy', reason, keptFile: null };
  } catch (copyError) {
    return { mode: 'memory', reason: `${reason}, and its logs could not be copied (${errorMessage(copyError)})`, keptFile: null };
  }
}

interface StartSettings {
  keep: boolean;
  onStep: (step: EngineStartStep) => void;
  quota: number | null;
}

async function startInstance({ keep, onStep, quota }: StartSettings, retryDamaged = true): Promise<Instance> {
  const booted = await boot(onStep, quota, keep && opfsAvailable());
  const { db } = booted;
  const { keptFile, damaged, ...storage } = await openDatabase(db, keep, booted.selected.maximumThreads);
  if (damaged && retryDamaged) {
    await db.terminate();
    await removeAllKeptFiles();
    const fresh = await startInstance({ keep, onStep, quota }, false);
    return { ...fresh, storage: { ...fresh.storage, reason: storage.reason } };
  }
  const connection = await db.connect();
  const writeConnection = await db.connect();
  const build = await engineBuildOf(connection, booted.selected);
  onStep('opened');
  let stop!: (reason: Error) => void;
  const stopped = new Promise<never>((_, reject) => (stop = reject));
  stopped.catch(() => undefined);
  return { ...booted, keptFile, connection, writeConnection, storage, build, stopped, stop };
}

/** The build that runs and the threads DuckDB reports it runs on. */
async function engineBuildOf(connection: AsyncDuckDBConnection, { kind, reason }: SelectedBundle): Promise<EngineBuild> {
  const sql = "SELECT current_setting('threads')::INTEGER AS threads";
  const [row] = checkedRows(arrowToRows(await connection.query(sql)), { threads: 'number' }, sql);
  return { kind, threads: row.threads, reason };
}

/**
 * Terminating the worker releases the storage lock; a closing handshake could hang on a worker
 * that failed. DuckDB-wasm never answers the calls a terminated worker had: they reject here.
 */
async function stopInstance(instance: Instance): Promise<void> {
  await instance.db.terminate();
  instance.stop(new EngineRestartedError('the database engine was restarted while this query ran'));
}

/** `call` on `instance`, rejecting if the instance stops before it answers. */
const untilStopped = <T>(instance: Instance, call: Promise<T>): Promise<T> => Promise.race([call, instance.stopped]);

const preparedByConnection = new WeakMap<AsyncDuckDBConnection, PreparedStatements>();

/** The prepared statements of a connection, gone with its instance. */
function statementsOf(connection: AsyncDuckDBConnection): PreparedStatements {
  let statements = preparedByConnection.get(connection);
  if (!statements) preparedByConnection.set(connection, (statements = new PreparedStatements((sql) => connection.prepare(sql))));
  return statements;
}

/**
 * Makes `name` an empty DuckDB database file in storage. DuckDB-wasm cannot ATTACH a new OPFS
 * file (registering it creates it empty, and DuckDB then refuses an existing file that is not a
 * database), but it opens one as its own database: a second, short-lived engine does that.
 */
async function createEmptyDatabase(name: string, quota: number | null): Promise<void> {
  const spare = await boot(() => undefined, quota, true);
  try {
    await spare.db.open({ path: opfsPath(name), accessMode: DuckDBAccessMode.READ_WRITE });
    // Closes its access handles now: a terminated worker lets go of them only some time later.
    await spare.db.dropFiles();
  } finally {
    await spare.db.terminate();
  }
}

/** Registering a new kept file waits while the spare engine that created it still holds it (file-release.ts). */
const whenReleased = (open: () => Promise<void>) =>
  untilFileReleased(open, { retryOn: (error) => storageFailure(error).kind === 'locked', waitMs: 10_000 });

/**
 * Runs `sql` as a pending query, which the worker executes a polling interval at a time, taking
 * other messages between: a cancel sent when `signal` fires ends it there (DuckDB rolls it back).
 * A statement that ended before the cancel stands, and the call resolves.
 */
async function endsWhenAborted(connection: AsyncDuckDBConnection, sql: string, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  const cancel = () => void connection.cancelSent().catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    const results = await connection.send(sql);
    if (results) for await (const batch of results) void batch;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/** DuckDB-wasm in its own Web Worker: screens read on one connection, loads write on the other (`writer`). */
export async function startBrowserEngine({ keep, onStep = () => undefined, storageQuotaBytes = null }: EngineStartOptions): Promise<BrowserEngine> {
  const settings = { onStep, quota: storageQuotaBytes };
  let instance = await startInstance({ ...settings, keep });
  // While the instance is replaced (discard, fallback), calls wait for the new one.
  let current = Promise.resolve(instance);
  /** The kept file prepareKeeping made (its name), for the next keep. */
  let preparedFile: Promise<string> | null = null;

  const replace = async (next: () => Promise<Instance>) => {
    current = (async () => {
      const old = await current;
      await stopInstance(old);
      instance = await next();
      return instance;
    })();
    await current;
  };

  /** The connection for a call, failing once the browser refused a write to the kept file it is. */
  const open = async () => {
    const ready = await current;
    if (ready.keptFile && ready.refusedWrite.message) throw new Error(`The browser refused to store the data (${ready.refusedWrite.message})`);
    return ready;
  };

  const onConnection = (pick: (ready: Instance) => AsyncDuckDBConnection): Engine => ({
    async query(sql: string, params: readonly SqlValue[] = []) {
      const ready = await open();
      const connection = pick(ready);
      if (params.length === 0) return arrowToRows(await untilStopped(ready, connection.query(sql)));
      return arrowToRows(await untilStopped(ready, statementsOf(connection).run(sql, params)));
    },
    async exec(sql: string, signal?: AbortSignal) {
      const ready = await open();
      if (!signal) return void (await untilStopped(ready, pick(ready).query(sql)));
      await untilStopped(ready, endsWhenAborted(pick(ready), sql, signal));
    },
    async insertArrowIPC(table: string, ipc: Uint8Array) {
      const ready = await open();
      await untilStopped(ready, pick(ready).insertArrowFromIPCStream(ipc, { name: table, create: false }));
    },
    async close() {
      await stopInstance(await current);
    },
  });
  const reader = onConnection((ready) => ready.connection);

  return {
    ...reader,
    writer: onConnection((ready) => ready.writeConnection),
    get storage() {
      return instance.storage;
    },
    get build() {
      return instance.build;
    },
    get onKeptFile() {
      return instance.keptFile !== null;
    },
    async keep(run, onProgress) {
      const ready = await open();
      if (ready.storage.mode !== 'kept' || ready.keptFile) return;
      const current = await keptFileName();
      const next = nextKeptFileName(current);
      const files = [opfsPath(next), `${opfsPath(next)}.wal`];
      const prepared = await preparedFile?.catch(() => null);
      preparedFile = null;
      if (prepared !== next || !(await keptFileExists(next))) await createEmptyDatabase(next, settings.quota);
      await whenReleased(() => ready.db.registerOPFSFileName(files[0]));
      // An empty file is left unregistered by registerOPFSFileName, and DuckDB cannot then write its log.
      const wal = await (await navigator.storage.getDirectory()).getFileHandle(`${next}.wal`, { create: true });
      await whenReleased(() => ready.db.registerFileHandle(files[1], wal, DuckDBDataProtocol.BROWSER_FSACCESS, true));
      // A write the browser refuses is reported, not thrown (engine-worker.ts): each step checks.
      const checked: StepRunner = (step, options) => run(async (engine) => {
        const result = await step(engine);
        if (ready.refusedWrite.message) throw new Error(`The browser refused to store the data (${ready.refusedWrite.message})`);
        return result;
      }, options);
      try {
        await checked((engine) => engine.exec(`ATTACH '${opfsPath(next)}' AS kept_next (TYPE DUCKDB)`));
        await copyDatabaseInSlices(checked, 'kept_next', onProgress);
      } catch (error) {
        await untilStopped(ready, ready.connection.query('DETACH DATABASE IF EXISTS kept_next')).catch(() => undefined);
        await Promise.all(files.map((file) => ready.db.dropFile(file).catch(() => undefined)));
        ready.refusedWrite.message = null;
        // What cannot be removed now goes at the next start (files the manifest does not name).
        await removeKeptFilesBut(current).catch(() => undefined);
        throw error;
      }
      await Promise.all(files.map((file) => ready.db.dropFile(file)));
      await nameKeptFile(next);
      await removeKeptFilesBut(next);
    },
    prepareKeeping() {
      if (instance.storage.mode !== 'kept') return;
      preparedFile = (async () => {
        const next = nextKeptFileName(await keptFileName());
        await createEmptyDatabase(next, settings.quota);
        return next;
      })();
      preparedFile.catch(() => undefined);
    },
    async moveOffKeptFile() {
      if (!instance.keptFile) return;
      await replace(async () => {
        const fresh = await startInstance({ ...settings, keep: false });
        await copyKeptDatabase(fresh.db);
        return { ...fresh, storage: { mode: 'kept', reason: null } };
      });
    },
    async stopKeeping(reason: string) {
      instance.storage = { mode: 'memory', reason };
      await removeAllKeptFiles().catch(() => undefined);
    },
    async discardKept() {
      const keepAgain = instance.storage.mode === 'kept';
      await replace(async () => {
        if (keepAgain) await removeAllKeptFiles();
        return startInstance({ ...settings, keep: keepAgain });
      });
    },
    async fallBackToMemory(reason: string) {
      const wasKept = instance.storage.mode === 'kept';
      await replace(async () => {
        if (wasKept) await removeAllKeptFiles().catch(() => undefined);
        return { ...(await startInstance({ ...settings, keep: false })), storage: { mode: 'memory', reason } };
      });
    },
  };
}
