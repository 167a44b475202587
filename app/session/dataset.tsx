import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Engine } from '../engine/engine';
import type { EngineStartStep } from '../engine/engine-worker';
import { EMPTY_SUMMARY, type DatasetSummary } from '../engine/sql/dataset-summary';
import type { LoadProgress } from './browser-loader';
import { SAMPLE_FILES } from '../ingest/sample-files';
import type { LoadInput } from '../ingest/worker-protocol';
import type { SessionSample } from '../lib/session-sample';
import type { GivenLabel } from '../schema/given-label';
import { DatasetSession, type DatasetOrigin, type SessionListener } from './dataset-session';
import { errorMessage } from '../lib/error-message';

/**
 * starting: the engine starts and reopens the logs kept in this browser (`start.step` says
 * which); clearing: the kept logs are being removed. Screens show no numbers until `ready` (or
 * `loading`, when a load adds to what is there).
 */
export type DatasetPhase = 'starting' | 'ready' | 'loading' | 'clearing' | 'failed';

export interface EngineStart {
  /** `labels`: the labels given in this browser go into the dataset before any number shows. */
  step: EngineStartStep | 'restoring' | 'labels';
  /** performance.now() when the page began starting the engine. */
  since: number;
}

export interface Dataset {
  phase: DatasetPhase;
  /** Bumped after every load and clear, and when labels given here change the dataset; every query key starts with it. */
  version: number;
  /** Bumped after every load and clear only (dataset-key.ts `loadedLogsKey`). */
  loadVersion: number;
  /** Null until the dataset is known (started and restored). */
  engine: Engine | null;
  summary: DatasetSummary;
  start: EngineStart | null;
  origin: DatasetOrigin | null;
  /** What the last load or start-up has to say beyond the counts (a cancel, a failure). */
  notice: { tone: 'info' | 'error'; text: string } | null;
  /** `sessionSample`: only every k-th session is loaded (a file set over the memory budget). */
  loadFiles(files: File[], sessionSample?: SessionSample | null): Promise<void>;
  loadSamples(): Promise<void>;
  cancel(): void;
  clear(): Promise<void>;
  /** The ids of the labels of `journal` on the loaded logs, answered at once (DatasetSession.givenLabelIdsHere). */
  givenLabelIdsHere(journal: readonly GivenLabel[]): string[];
  /** Makes the dataset hold these labels given in this browser; every query re-runs when that changed it. */
  applyGivenLabels(labels: readonly GivenLabel[]): Promise<void>;
}

const DatasetContext = createContext<Dataset | null>(null);
/** Apart from the dataset, so that a load's progress re-renders its progress line, not every screen. */
const LoadProgressContext = createContext<LoadProgress | null>(null);
/** The share of the dataset kept so far while it is being kept in the browser's storage; null otherwise. Apart, like the progress. */
const KeepingContext = createContext<number | null>(null);

const START_BEGAN = performance.now();
let startListener: (step: EngineStart['step']) => void = () => undefined;
let started: Promise<DatasetSession> | null = null;
let lastStep: EngineStart['step'] = 'download';
// The samples load once per page, even though StrictMode mounts the provider twice.
let autoloadStarted = false;
let sessionListener: SessionListener = { onKeeping: () => undefined, onOriginChanged: () => undefined };
function startOnce() {
  started ??= DatasetSession.start({
    onStep: (step) => {
      performance.mark(`engine:${step}`);
      lastStep = step;
      startListener(step);
    },
  }).then((session) => {
    session.listener = { onKeeping: (fraction) => sessionListener.onKeeping(fraction), onOriginChanged: () => sessionListener.onOriginChanged() };
    return session;
  });
  return started;
}

/**
 * The labels given in this browser, as the label journal first hands them over (LabelingProvider
 * calls `applyGivenLabels` once it has read the journal). A start applies them before it shows
 * any number: kept logs shown without them would change a moment later (issue 24).
 */
let handOverFirstLabels: (labels: readonly GivenLabel[]) => void = () => undefined;
const firstLabels = new Promise<readonly GivenLabel[]>((resolve) => {
  handOverFirstLabels = resolve;
});
/** How long a start waits for the journal: without IndexedDB it never answers, and the numbers show without those labels. */
const FIRST_LABELS_WAIT_MS = 5_000;
let startApplied: () => void = () => undefined;
/** Settles once the start has applied the first labels (or given up waiting for them). */
const firstLabelsApplied = new Promise<void>((resolve) => {
  startApplied = resolve;
});

/** The journal's first labels, applied to the session; null when they did not come in time. */
async function applyFirstLabels(session: DatasetSession): Promise<void> {
  const labels = await Promise.race([firstLabels, new Promise<null>((resolve) => setTimeout(() => resolve(null), FIRST_LABELS_WAIT_MS))]);
  try {
    if (labels) await session.applyGivenLabels(labels);
  } finally {
    startApplied();
  }
}

/** Begins starting the engine before React renders (the start is the page's longest wait). */
export function startDatasetEarly(): void {
  void startOnce().catch(() => undefined);
}

export function DatasetProvider({ children, autoloadSamples }: { children: ReactNode; autoloadSamples: boolean }) {
  const [phase, setPhase] = useState<DatasetPhase>('starting');
  const [version, setVersion] = useState(0);
  const [loadVersion, setLoadVersion] = useState(0);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [summary, setSummary] = useState<DatasetSummary>(EMPTY_SUMMARY);
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  const [keeping, setKeeping] = useState<number | null>(null);
  /** Loads ended in this tab (on <body> for tests: a short load's phase can pass between two looks). */
  const [loadsEnded, setLoadsEnded] = useState(0);
  const [start, setStart] = useState<EngineStart | null>(() => ({ step: lastStep, since: START_BEGAN }));
  const [origin, setOrigin] = useState<DatasetOrigin | null>(null);
  const [notice, setNotice] = useState<Dataset['notice']>(null);
  const sessionRef = useRef<DatasetSession | null>(null);

  const refresh = useCallback(async (session: DatasetSession, { labelsOnly = false } = {}) => {
    setSummary(await session.summary());
    setOrigin({ ...session.origin });
    setVersion((v) => v + 1);
    if (!labelsOnly) setLoadVersion((v) => v + 1);
  }, []);

  const run = useCallback(
    async (inputs: LoadInput[]) => {
      const session = await startOnce();
      if (inputs.length === 0 || session.busy) return;
      setPhase('loading');
      setNotice(null);
      setProgress(null);
      try {
        const outcome = await session.load(inputs, setProgress);
        const unreadable = outcome.files.filter((file) => file.error);
        if (outcome.cancelledFile) setNotice({ tone: 'info', text: `Load cancelled: ${outcome.cancelledFile} was not loaded; files finished before it were kept.` });
        else if (unreadable.length) setNotice({ tone: 'error', text: unreadable.map((f) => `${f.fileName}: ${f.error}`).join('; ') });
      } catch (error) {
        setNotice({ tone: 'error', text: errorMessage(error) });
      } finally {
        setProgress(null);
        await refresh(session);
        setPhase('ready');
        setLoadsEnded((count) => count + 1);
      }
    },
    [refresh],
  );

  useEffect(() => {
    const ownsAutoload = autoloadSamples && !autoloadStarted;
    if (ownsAutoload) autoloadStarted = true;
    startListener = (step) => setStart({ step, since: START_BEGAN });
    sessionListener = {
      onKeeping: setKeeping,
      onOriginChanged: () => sessionRef.current && setOrigin({ ...sessionRef.current.origin }),
    };
    startOnce().then(
      async (session) => {
        sessionRef.current = session;
        setStart({ step: 'labels', since: START_BEGAN });
        await applyFirstLabels(session);
        performance.mark('dataset:ready');
        setStart(null);
        setEngine(session.engine);
        if (session.origin.restored === null && ownsAutoload) {
          await run(SAMPLE_FILES);
          return;
        }
        await refresh(session);
        // Files picked while the engine started are loading by now; that load ends the phase.
        if (!session.busy) setPhase('ready');
      },
      (error: Error) => {
        setPhase('failed');
        setStart(null);
        setNotice({ tone: 'error', text: `The database engine could not start: ${error.message}` });
      },
    );
  }, [autoloadSamples, refresh, run]);

  useEffect(() => {
    document.body.dataset.phase = phase;
  }, [phase]);
  useEffect(() => {
    document.body.dataset.loadsEnded = String(loadsEnded);
  }, [loadsEnded]);
  useEffect(() => {
    if (keeping === null) delete document.body.dataset.keeping;
    else document.body.dataset.keeping = String(Math.floor(keeping * 100));
  }, [keeping]);

  const dataset = useMemo<Dataset>(
    () => ({
      phase, version, loadVersion, summary, start, origin, notice,
      engine: phase === 'starting' || phase === 'clearing' ? null : engine,
      loadFiles: (files, sessionSample) => run(files.map((file) => ({ kind: 'file', file, sessionSample }))),
      loadSamples: () => run(SAMPLE_FILES),
      cancel: () => sessionRef.current?.cancel(),
      givenLabelIdsHere: (journal) => sessionRef.current?.givenLabelIdsHere(journal) ?? [],
      clear: async () => {
        const session = await startOnce();
        setPhase('clearing');
        setNotice(null);
        try {
          const removed = await session.clear();
          setNotice({ tone: 'info', text: removed });
        } catch (error) {
          setNotice({ tone: 'error', text: `Clearing failed: ${errorMessage(error)}` });
        }
        await refresh(session);
        setPhase('ready');
      },
      applyGivenLabels: async (labels) => {
        // The first labels are the start's to apply; later ones (the journal changed) re-run the queries.
        handOverFirstLabels(labels);
        await firstLabelsApplied;
        const session = await startOnce();
        if (await session.applyGivenLabels(labels)) await refresh(session, { labelsOnly: true });
      },
    }),
    [phase, version, loadVersion, engine, summary, start, origin, notice, run, refresh],
  );
  return (
    <DatasetContext.Provider value={dataset}>
      <LoadProgressContext.Provider value={progress}>
        <KeepingContext.Provider value={keeping}>{children}</KeepingContext.Provider>
      </LoadProgressContext.Provider>
    </DatasetContext.Provider>
  );
}

/** The running load's progress (null between loads and before its first report). */
export function useLoadProgress(): LoadProgress | null {
  return useContext(LoadProgressContext);
}

/** While the dataset is being kept in the browser's storage: the share written so far (0–1); null otherwise. */
export function useKeeping(): number | null {
  return useContext(KeepingContext);
}

export function useDataset(): Dataset {
  const dataset = useContext(DatasetContext);
  if (!dataset) throw new Error('useDataset outside DatasetProvider');
  return dataset;
}
