import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { datasetCoordinator } from '../engine/dataset-coordinator';
import { LabelJournal } from '../storage/label-journal';
import { LabelSaver, mergeUnsaved, type LabelSaveState } from '../storage/label-saver';
import { exportedLabels, unexportedLabels } from '../storage/exported-labels';
import { pendingLabels } from '../storage/pending-labels';
import { exportedLabelRows } from '../engine/sql/annotation/export-labels';
import { labelEventsJsonl } from '../model/annotation/label-events';
import { labelsReplacedElsewhere, type ReplacedLabel } from '../model/annotation/labels-replaced-elsewhere';
import { GIVEN_LABEL_VERSION, labelEventOf, type GivenLabel, type LabelInput } from '../schema/given-label';
import { validateEvent } from '../schema/validate';
import { useDataset } from './dataset';
import type { Labeling } from './labeling-api';

export type { Labeling } from './labeling-api';

const ANNOTATOR_KEY = 'retrieval-inspector:annotator';
const LabelingContext = createContext<Labeling | null>(null);

let journalOpened: Promise<LabelJournal> | null = null;
const openJournal = () => (journalOpened ??= LabelJournal.open());

const storedAnnotator = () => window.localStorage?.getItem(ANNOTATOR_KEY) || null;
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'annotator';

/** Labels a reload interrupted before their journal write completed: written now (a put by id, so twice is once). */
async function recoverPending(journal: LabelJournal) {
  const pending = pendingLabels.read();
  for (const label of pending) await journal.add(label);
  pendingLabels.remove(pending.map((label) => label.event_id));
}

/** The label journal of this browser, applied to the dataset after every change (session/labeling-api.ts). */
export function LabelingProvider({ children }: { children: ReactNode }) {
  const dataset = useDataset();
  const [annotator, setAnnotatorState] = useState<string | null>(storedAnnotator);
  const [given, setGiven] = useState<readonly GivenLabel[]>([]);
  const givenRef = useRef<readonly GivenLabel[]>([]);
  const datasetRef = useRef(dataset);
  useEffect(() => {
    datasetRef.current = dataset;
  }, [dataset]);
  // Ids of the labels given in this tab: another tab's later label on the same item replaces one, and the user is told.
  const givenInTab = useRef(new Set<string>());
  const [replaced, setReplaced] = useState<readonly ReplacedLabel[]>([]);
  // Applies run one after another, each with the journal as it is by then.
  const applying = useRef<Promise<void>>(Promise.resolve());
  const lastTs = useRef(0);
  const [saveState, setSaveState] = useState<LabelSaveState>({ unsaved: [], problem: null });
  const [saver] = useState(() => new LabelSaver(openJournal, setSaveState));

  const apply = useCallback((labels: readonly GivenLabel[]) => {
    givenRef.current = labels;
    setGiven(labels);
    const replacedNow = labelsReplacedElsewhere(labels, givenInTab.current);
    setReplaced((before) => (sameReplaced(before, replacedNow) ? before : replacedNow));
    applying.current = applying.current
      .then(() => datasetRef.current.applyGivenLabels(givenRef.current))
      .catch((error: Error) => console.error(`Applying the labels given here failed: ${error.message}`));
    return applying.current;
  }, []);

  useEffect(() => {
    let unsubscribe = () => undefined as void;
    void openJournal().then((journal) => {
      // Labels waiting for a retry are not in the journal yet: they stay on screen.
      const reread = () => journal.read().then(({ labels }) => apply(mergeUnsaved(labels, saver.state.unsaved)));
      unsubscribe = journal.subscribe(() => void reread());
      return recoverPending(journal).then(reread);
    });
    return () => unsubscribe();
  }, [apply, saver]);

  // Closing the tab would lose the labels still waiting: the browser asks first.
  useEffect(() => {
    if (saveState.unsaved.length === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saveState.unsaved.length]);

  const labeling = useMemo<Labeling>(() => ({
    annotator,
    given,
    setAnnotator: (name) => {
      const trimmed = name.trim();
      window.localStorage?.setItem(ANNOTATOR_KEY, trimmed);
      setAnnotatorState(trimmed || null);
    },
    give: async (input: LabelInput) => {
      if (!annotator) throw new Error('Name yourself before labeling');
      // Strictly increasing times within a tab keep the order of two labels given in one millisecond.
      const ts = Math.max(Date.now(), lastTs.current + 1);
      lastTs.current = ts;
      // The label belongs to the dataset it is given on (schema/given-label.ts).
      const dataset = datasetRef.current.summary.datasetId ?? undefined;
      const label = { ...input, version: GIVEN_LABEL_VERSION, annotator, ts, event_id: `label-${slug(annotator)}-${ts}-${Math.random().toString(36).slice(2, 8)}`, dataset } as GivenLabel;
      const validation = validateEvent(labelEventOf(label), new Set());
      if (!validation.ok) throw new Error(validation.rejection.message);
      givenInTab.current.add(label.event_id);
      // Saved or kept in memory for a retry (saveProblem says which): either way it counts now.
      await saver.save(label);
      void apply([...givenRef.current.filter((other) => other.event_id !== label.event_id), label]);
      return label;
    },
    replacedElsewhere: replaced,
    dismissReplaced: () => {
      for (const { mine } of replaced) givenInTab.current.delete(mine.event_id);
      setReplaced([]);
    },
    unsaved: saveState.unsaved,
    saveProblem: saveState.problem,
    retrySaving: () => saver.retry(),
    givenHereJsonl: () => givenRef.current.map((label) => `${JSON.stringify(labelEventOf(label))}\n`).join(''),
    retract: async (eventId) => {
      saver.forget([eventId]);
      pendingLabels.remove([eventId]);
      await (await openJournal()).remove([eventId]);
      await apply(givenRef.current.filter((label) => label.event_id !== eventId));
    },
    discardGiven: async () => {
      saver.forget(givenRef.current.map((label) => label.event_id));
      pendingLabels.write([]);
      await (await openJournal()).remove(givenRef.current.map((label) => label.event_id));
      exportedLabels.write(new Set());
      await apply([]);
    },
    exportLabels: async (filter = {}) => {
      await applying.current;
      const { engine } = datasetRef.current;
      if (!engine) throw new Error('The database engine is not ready');
      const rows = await datasetCoordinator(engine).read(({ engine: reader }) => exportedLabelRows(reader, filter));
      const givenIds = new Set(givenRef.current.map((label) => label.event_id));
      exportedLabels.add(rows.map((row) => String(row.event_id)).filter((id) => givenIds.has(id)));
      return labelEventsJsonl(rows);
    },
    // Answered at once, not after the screens' queries: Clear and Replace ask it before anything else.
    unexportedHere: async () => {
      const dataset = datasetRef.current;
      if (!dataset.engine || dataset.summary.files === 0) return 0;
      return unexportedLabels(dataset.givenLabelIdsHere(givenRef.current), exportedLabels.read()).length;
    },
  }), [annotator, given, apply, saver, saveState, replaced]);

  return <LabelingContext.Provider value={labeling}>{children}</LabelingContext.Provider>;
}

const sameReplaced = (a: readonly ReplacedLabel[], b: readonly ReplacedLabel[]) =>
  a.length === b.length && a.every((entry, i) => entry.mine.event_id === b[i].mine.event_id && entry.winner.event_id === b[i].winner.event_id);

export function useLabeling(): Labeling {
  const labeling = useContext(LabelingContext);
  if (!labeling) throw new Error('useLabeling outside LabelingProvider');
  return labeling;
}
