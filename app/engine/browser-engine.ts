import { AsyncDuckDB, DuckDBAccessMode, type AsyncDuckDBConnection } from '@duckdb/duckdb-wasm';
import type { Engine, SqlValue } from './engine';
import { arrowToRows } from './arrow-rows';
import { PreparedStatements } from './prepared-statements';
import { createEngineWorker, isEngineStartLog, isStorageFailureLog, type EngineStartStep } from './engine-worker';
import { selectEngineBundle, type EngineBuild, type SelectedBundle } from './engine-bundles';
import { copyKeptDatabase, KEPT_DB, opfsAvailable, removeKeptFiles, storageFailure, type EngineStorage } from './kept-storage';

export interface BrowserEngine extends Engine {
  /**
   * The same database on a second connection, for loads: a load runs in one transaction there
   * (DuckDB then writes whole row groups to the kept file instead of logging every batch), and
   * the screens' queries on the first connection see the data as it was until it commits.
   */
  readonly writer: Engine;
  /** Where the dataset lives: kept in the browser's storage, a copy of it, or memory only. */
  readonly storage: EngineStorage;
  /** The build of DuckDB-wasm that runs (threaded only on a cross-origin isolated page, for a dataset in memory). */
  readonly build: EngineBuild;
  /** Writes everything loaded so far to the browser's storage (no-op in memory). */
  persist(): Promise<void>;
  /** Removes the kept dataset from storage and starts again, empty, the same way. */
  discardKept(): Promise<void>;
  /** Gives up the browser's storage for this tab, removing what it kept: starts again empty, in memory. */
  fallBackToMemory(reason: string): Promise<void>;
}

export interface EngineStartOptions {
  /** Keep the dataset in the browser's storage (OPFS) when it can be. */
  keep: boolean;
  onStep?: (step: EngineStartStep) => void;
  /** A storage quota to enforce on the kept files (browser tests of a full disk); null for the browser's own. */
  storageQuotaBytes?: number | null;
}

interface Instance extends Booted {
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

/** Opens the kept database, or a copy of it when another tab holds it, or memory; says which and why. */
async function openDatabase(db: AsyncDuckDB, keep: boolean, maximumThreads: number | undefined): Promise<EngineStorage & { damaged?: boolean }> {
  if (!keep || !opfsAvailable()) {
    // DuckDB-wasm starts with an in-memory database: opened again only to set its threads
    if (maximumThreads !== undefined) await db.open({ path: ':memory:', maximumThreads });
    return { mode: 'memory', reason: keep ? 'this browser offers no private file storage to this page' : null };
  }
  try {
    await db.open({ path: KEPT_DB.path, accessMode: DuckDBAccessMode.READ_WRITE });
    return { mode: 'kept', reason: null };
  } catch (error) {
    const failure = storageFailure(error);
    await db.open({ path: ':memory:' });
    if (failure.kind === 'damaged') return { mode: 'memory', reason: failure.message, damaged: true };
    if (failure.kind !== 'locked') return { mode: 'memory', reason: failure.message };
    try {
      await copyKeptDatabase(db);
      return { mode: 'copy', reason: failure.message };
    } catch (copyError) {
      return { mode: 'memory', reason: `${failure.message}, and its logs could not be copied (${(copyError as Error).message})` };
    }
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
  const storage = await openDatabase(db, keep, booted.selected.maximumThreads);
  if (storage.damaged && retryDamaged) {
    await db.terminate();
    await removeKeptFiles();
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
  return { ...booted, connection, writeConnection, storage, build, stopped, stop };
}

/** The build that runs and the threads DuckDB reports it runs on. */
async function engineBuildOf(connection: AsyncDuckDBConnection, { kind, reason }: SelectedBundle): Promise<EngineBuild> {
  const [row] = arrowToRows<{ threads: number }>(await connection.query("SELECT current_setting('threads')::INTEGER AS threads"));
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

/** DuckDB-wasm in its own Web Worker: screens read on one connection, loads write on the other (`writer`). */
export async function startBrowserEngine({ keep, onStep = () => undefined, storageQuotaBytes = null }: EngineStartOptions): Promise<BrowserEngine> {
  const settings = { onStep, quota: storageQuotaBytes };
  let instance = await startInstance({ ...settings, keep });
  // While the instance is replaced (discard, fallback), calls wait for the new one.
  let current = Promise.resolve(instance);

  const replace = async (next: () => Promise<Instance>) => {
    current = (async () => {
      const old = await current;
      await stopInstance(old);
      instance = await next();
      return instance;
    })();
    await current;
  };

  /** The connection for a call, failing once the browser refused a write to the kept file. */
  const open = async () => {
    const ready = await current;
    if (ready.refusedWrite.message) throw new Error(`The browser refused to store the data (${ready.refusedWrite.message})`);
    return ready;
  };

  const onConnection = (pick: (ready: Instance) => AsyncDuckDBConnection): Engine => ({
    async query<Row>(sql: string, params: readonly SqlValue[] = []) {
      const ready = await open();
      const connection = pick(ready);
      if (params.length === 0) return arrowToRows<Row>(await untilStopped(ready, connection.query(sql)));
      return arrowToRows<Row>(await untilStopped(ready, statementsOf(connection).run(sql, params)));
    },
    async exec(sql: string) {
      const ready = await open();
      await untilStopped(ready, pick(ready).query(sql));
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
    async persist() {
      const ready = await open();
      if (ready.storage.mode === 'kept') await untilStopped(ready, ready.connection.query('CHECKPOINT'));
      await open();
    },
    async discardKept() {
      const keepAgain = instance.storage.mode === 'kept';
      await replace(async () => {
        if (keepAgain) await removeKeptFiles();
        return startInstance({ ...settings, keep: keepAgain });
      });
    },
    async fallBackToMemory(reason: string) {
      const wasKept = instance.storage.mode === 'kept';
      await replace(async () => {
        if (wasKept) await removeKeptFiles().catch(() => undefined);
        return { ...(await startInstance({ ...settings, keep: false })), storage: { mode: 'memory', reason } };
      });
    },
  };
}
