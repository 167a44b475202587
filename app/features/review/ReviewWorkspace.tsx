import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { navigate } from '../../lib/url-state';
import { reviewUrl } from '../../links/review';
import { firstToReview, nextOpenWeek, nextToReview, stepItem, weekProgress } from '../../model/annotation/review-queue';
import type { ReviewWeek } from '../../model/gate/review';
import { useDataset } from '../../queries/dataset';
import { useLabeling } from '../../queries/labeling';
import { reviewItemOptions } from '../../queries/review';
import type { Verdict } from '../../schema/given-label';
import { QueueList } from './QueueList';
import { ReviewItemPanel } from './ReviewItemPanel';
import { ShortcutHelp } from './ShortcutHelp';
import { useReviewKeys } from './shortcuts';
import type { Draft } from './VerdictForm';
import { WeekDone } from './WeekDone';

interface GivenHere {
  eventId: string;
  responseId: string;
  week: string;
  verdict: Verdict;
  note: string;
}

/** Loads the answers the reviewer will most likely open next, behind what is on screen. */
function usePrefetchItems(ids: readonly (string | null)[]) {
  const dataset = useDataset();
  const queryClient = useQueryClient();
  const wanted = [...new Set(ids.filter((id): id is string => !!id))].join('\u001f');
  useEffect(() => {
    if (!dataset.engine || !wanted) return;
    for (const id of wanted.split('\u001f')) void queryClient.prefetchQuery({ ...reviewItemOptions(dataset, id), meta: { priority: 'prefetch' } });
  }, [dataset, queryClient, wanted]);
}

/**
 * The week's sample as a queue: the list, the open answer and the verdict form, driven by the
 * keyboard (shortcuts.ts). Verdicts given here can be taken back, last first.
 */
interface ReviewWorkspaceProps {
  weeks: readonly ReviewWeek[];
  /** The week shown, one of `weeks`. */
  week: ReviewWeek;
  requestedItem: string | null;
  questions: ReadonlyMap<string, string | null>;
}

export function ReviewWorkspace({ weeks, week, requestedItem, questions }: ReviewWorkspaceProps) {
  const labeling = useLabeling();
  const [draftState, setDraft] = useState<Draft>({ itemId: null, verdict: null, note: '' });
  const [givenHere, setGivenHere] = useState<GivenHere[]>([]);
  const [helpOpen, setHelpOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  // One verdict at a time: a second Ctrl+Enter while the first is being saved gives nothing.
  const submitting = useRef(false);

  // Answers given here count as worked at once, before the dataset has taken the label in.
  const worked = new Set(givenHere.map((given) => given.responseId));
  const sample = week.sample.map((item) => (item.verdict === null && worked.has(item.event_id) ? { ...item, verdict: 'given' } : item));
  const itemId = requestedItem ?? firstToReview(sample);
  const draft: Draft = draftState.itemId === itemId ? draftState : { itemId, verdict: null, note: '' };
  usePrefetchItems([itemId && stepItem(week.sample, itemId, 1), itemId && nextToReview(sample, itemId)]);
  const go = (item: string | null, replace = true) => {
    setProblem(null);
    navigate(reviewUrl.changed({ week: week.week, item }), { replace });
  };

  const submit = async () => {
    if (!itemId || !labeling.annotator || submitting.current) return;
    if (!draft.verdict) {
      setProblem('Choose a verdict first: 1–4 or c / w / p / u.');
      return;
    }
    const note = draft.note.trim();
    submitting.current = true;
    try {
      const label = await labeling.give({ kind: 'answer_review', target_event_id: itemId, verdict: draft.verdict, ...(note ? { note } : {}) });
      setProblem(null);
      setGivenHere((list) => [...list, { eventId: label.event_id, responseId: itemId, week: week.week, verdict: draft.verdict!, note }]);
      setDraft({ itemId: null, verdict: null, note: '' });
      // The next answer without a verdict; none left: the week's done state.
      go(nextToReview(sample, itemId));
    } catch (error) {
      setProblem(`The verdict was not saved: ${(error as Error).message}`);
    } finally {
      submitting.current = false;
    }
  };

  const undo = async () => {
    const last = givenHere.at(-1);
    if (!last) {
      setProblem('Nothing to undo: no verdict was given on this screen yet.');
      return;
    }
    try {
      await labeling.retract(last.eventId);
      setGivenHere((list) => list.slice(0, -1));
      setDraft({ itemId: last.responseId, verdict: last.verdict, note: last.note });
      setProblem(null);
      navigate(reviewUrl.changed({ week: last.week, item: last.responseId }), { replace: true });
    } catch (error) {
      setProblem(`Could not take the verdict back: ${(error as Error).message}`);
    }
  };

  useReviewKeys({
    choose: (verdict) => labeling.annotator && itemId && setDraft({ ...draft, verdict }),
    submit: () => void submit(),
    step: (delta) => go(stepItem(week.sample, itemId, delta)),
    undo: () => void undo(),
    focusNote: () => noteRef.current?.focus(),
    toggleHelp: () => setHelpOpen((open) => !open),
    escape: () => (helpOpen ? setHelpOpen(false) : noteRef.current?.blur()),
  });

  const progress = weekProgress(week);
  const position = week.sample.findIndex((item) => item.event_id === itemId);
  return (
    <div className="review-workspace">
      <QueueList week={week} progress={progress} openItem={itemId} worked={worked} questions={questions} />
      {itemId ? (
        <ReviewItemPanel key={itemId} itemId={itemId} week={week} position={position}
          draft={draft} setDraft={setDraft} noteRef={noteRef} problem={problem}
          onSubmit={() => void submit()} onStep={(delta) => go(stepItem(week.sample, itemId, delta))}
          onUndo={givenHere.length > 0 ? () => void undo() : null} onHelp={() => setHelpOpen(true)} />
      ) : (
        <WeekDone week={week} progress={progress} nextOpen={nextOpenWeek(weeks, week.week)} onBrowse={() => go(week.sample[0]?.event_id ?? null, false)} />
      )}
      {helpOpen && <ShortcutHelp onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
