import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createBrowserEngine } from '../engine/browser-engine';
import { initDataset } from '../engine/dataset';
import type { Engine } from '../engine/engine';
import { DATASET_SUMMARY_SQL, EMPTY_SUMMARY, type DatasetSummary } from '../engine/sql/dataset-summary';
import { BrowserLoader, type LoadProgress } from '../ingest/browser-loader';
import { SAMPLE_FILES } from '../ingest/sample-files';
import type { LoadInput } from '../ingest/worker-protocol';

export type DatasetPhase = 'starting' | 'ready' | 'loading' | 'failed';

export interface Dataset {
  phase: DatasetPhase;
  /** Bumped after every load and clear; every query key starts with it. */
  version: number;
  engine: Engine | null;
  summary: DatasetSummary;
  progress: LoadProgress | null;
  /** What the last load or start-up has to say beyond the counts (a cancel, a failure). */
  notice: { tone: 'info' | 'error'; text: string } | null;
  loadFiles(files: File[]): Promise<void>;
  loadSamples(): Promise<void>;
  cancel(): void;
  clear(): Promise<void>;
}

const DatasetContext = createContext<Dataset | null>(null);

let started: Promise<{ engine: Engine; loader: BrowserLoader }> | null = null;
// The samples load once per page, even though StrictMode mounts the provider twice.
let autoloadStarted = false;
function startOnce() {
  started ??= createBrowserEngine().then(async (engine) => {
    await initDataset(engine);
    return { engine, loader: new BrowserLoader(engine) };
  });
  return started;
}

export function DatasetProvider({ children, autoloadSamples }: { children: ReactNode; autoloadSamples: boolean }) {
  const [phase, setPhase] = useState<DatasetPhase>('starting');
  const [version, setVersion] = useState(0);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [summary, setSummary] = useState<DatasetSummary>(EMPTY_SUMMARY);
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  const [notice, setNotice] = useState<Dataset['notice']>(null);
  const loaderRef = useRef<BrowserLoader | null>(null);

  const refresh = useCallback(async (target: Engine) => {
    const [row] = await target.query<DatasetSummary>(DATASET_SUMMARY_SQL);
    setSummary(row);
    setVersion((v) => v + 1);
  }, []);

  const run = useCallback(
    async (inputs: LoadInput[]) => {
      const { engine: target, loader } = await startOnce();
      if (inputs.length === 0 || loader.busy) return;
      setPhase('loading');
      setNotice(null);
      setProgress(null);
      try {
        const outcome = await loader.load(inputs, setProgress);
        const unreadable = outcome.files.filter((file) => file.error);
        if (outcome.cancelledFile) setNotice({ tone: 'info', text: `Load cancelled: ${outcome.cancelledFile} was not loaded; files finished before it were kept.` });
        else if (unreadable.length) setNotice({ tone: 'error', text: unreadable.map((f) => `${f.fileName}: ${f.error}`).join('; ') });
      } catch (error) {
        setNotice({ tone: 'error', text: (error as Error).message });
      } finally {
        setProgress(null);
        await refresh(target);
        setPhase('ready');
      }
    },
    [refresh],
  );

  useEffect(() => {
    const ownsAutoload = autoloadSamples && !autoloadStarted;
    if (ownsAutoload) autoloadStarted = true;
    startOnce().then(
      async ({ engine: ready, loader }) => {
        loaderRef.current = loader;
        setEngine(ready);
        if (ownsAutoload) await run(SAMPLE_FILES);
        else if (!autoloadSamples) {
          await refresh(ready);
          setPhase('ready');
        }
      },
      (error: Error) => {
        setPhase('failed');
        setNotice({ tone: 'error', text: `The database engine could not start: ${error.message}` });
      },
    );
  }, [autoloadSamples, refresh, run]);

  useEffect(() => {
    document.body.dataset.phase = phase;
  }, [phase]);

  const dataset = useMemo<Dataset>(
    () => ({
      phase, version, engine, summary, progress, notice,
      loadFiles: (files) => run(files.map((file) => ({ kind: 'file', file }))),
      loadSamples: () => run(SAMPLE_FILES),
      cancel: () => loaderRef.current?.cancel(),
      clear: async () => {
        const { engine: target, loader } = await startOnce();
        await loader.clear();
        setNotice(null);
        await refresh(target);
      },
    }),
    [phase, version, engine, summary, progress, notice, run, refresh],
  );
  return <DatasetContext.Provider value={dataset}>{children}</DatasetContext.Provider>;
}

export function useDataset(): Dataset {
  const dataset = useContext(DatasetContext);
  if (!dataset) throw new Error('useDataset outside DatasetProvider');
  return dataset;
}
