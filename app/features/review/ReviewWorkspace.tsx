import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LabelingShortcuts } from '../../components/labeling-keys/LabelingShortcuts';
import { PendingKeys } from '../../components/labeling-keys/PendingKeys';
import { useGiveFlow } from '../../components/labeling-keys/use-give-flow';
import { useLabelingKeys } from '../../components/labeling-keys/use-labeling-keys';
import { valueKeysOf } from '../../components/labeling-keys/values';
import { navigate } from '../../lib/url-state';
import { reviewUrl } from '../../links/review';
import { firstToReview, nextOpenWeek, nextToReview, stepItem, weekProgress } from '../../model/annotation/review-queue';
import type { ReviewWeek } from '../../model/gate/review';
import { useDataset } from '../../session/dataset';
import { useLabeling } from '../../session/labeling';
import { reviewItemOptions } from '../../queries/review';
import { VERDICTS, type Verdict } from '../../schema/given-label';
import { QueueList } from './QueueList';
import { ReviewItemPanel } from './ReviewItemPanel';
import { WeekDone } from './WeekDone';
import { useShortcutsHelp } from '../../components/labeling-keys/use-shortcuts-help';

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

interface ReviewWorkspaceProps {
  weeks: readonly ReviewWeek[];
  /** The week shown, one of `weeks`. */
  week: ReviewWeek;
  requestedItem: string | null;
  questions: ReadonlyMap<string, string | null>;
}

/**
 * The week's sample as a queue: the list, the open answer and the verdict form, driven by the
 * shared labeling keys (components/labeling-keys): 1–4 give the verdict at once, Enter goes on
 * (with the note; no verdict: skipped), z takes back the last verdict given here.
 */
export function ReviewWorkspace({ weeks, week, requestedItem, questions }: ReviewWorkspaceProps) {
  const dataset = useDataset();
  const labeling = useLabeling();
  const shortcutsHelp = useShortcutsHelp();
  const noteRef = useRef<HTMLTextAreaElement>(null);

  // Answers given a verdict in this browser count as worked at once, before the dataset has taken the label in.
  const worked = new Set(labeling.given.flatMap((label) => (label.kind === 'answer_review' ? [label.target_event_id] : [])));
  const sample = week.sample.map((item) => (item.verdict === null && worked.has(item.event_id) ? { ...item, verdict: 'given' } : item));
  const itemId = requestedItem ?? firstToReview(sample);
  const flow = useGiveFlow<{ week: string }>(itemId, (last) => navigate(reviewUrl.changed({ week: last.where.week, item: last.itemId }), { replace: true }));
  const present = new Set(labeling.given.map((label) => label.event_id));
  const givenHere = flow.stack.filter((entry) => present.has(entry.eventId));
  // The open answer goes into the URL: a verdict given at once must not move the screen to the next open answer.
  useEffect(() => {
    if (!requestedItem && itemId) navigate(reviewUrl.changed({ week: week.week, item: itemId }), { replace: true });
  }, [requestedItem, itemId, week.week]);
  const item = useQuery({ ...reviewItemOptions(dataset, itemId ?? ''), enabled: dataset.engine !== null && itemId !== null });
  usePrefetchItems([itemId && stepItem(week.sample, itemId, 1), itemId && nextToReview(sample, itemId)]);
  const go = (target: string | null, replace = true) => {
    flow.setProblem(null);
    navigate(reviewUrl.changed({ week: week.week, item: target }), { replace });
  };

  const mineLatest = (item.data?.labels ?? []).findLast((label) => label.kind === 'answer_review' && label.annotator === labeling.annotator);
  const myVerdict = (flow.lastHere?.input.kind === 'answer_review' ? flow.lastHere.input.verdict : null) ?? (mineLatest?.verdict as Verdict | undefined) ?? null;
  const giveVerdict = (verdict: Verdict) => {
    if (!itemId || !labeling.annotator) return;
    void flow.give({ kind: 'answer_review', target_event_id: itemId, verdict }, { week: week.week });
  };
  const submit = () => {
    if (!itemId) return;
    return flow.next({
      go: () => go(myVerdict ? nextToReview(sample, itemId) : stepItem(week.sample, itemId, 1)),
      labeled: myVerdict !== null,
      needsLabel: 'A note goes with a verdict: press 1–4 first (your note is kept).',
    });
  };
  const skip = () => {
    flow.skip(itemId);
    go(stepItem(week.sample, itemId, 1));
  };

  // A verdict names only the answer, whose id is on screen before its text: keys apply at once;
  // they wait (in order) only while the previous key's verdict is saved and the screen moves on.
  const waiting = useLabelingKeys(valueKeysOf('answer_review'), {
    value: (key) => giveVerdict(VERDICTS[Number(key) - 1]),
    submit,
    skip,
    next: () => go(stepItem(week.sample, itemId, 1)),
    previous: () => go(stepItem(week.sample, itemId, -1)),
    undo: () => void flow.undo(),
    note: () => noteRef.current?.focus(),
    ...shortcutsHelp.keys,
  });

  const progress = weekProgress(week);
  const position = week.sample.findIndex((entry) => entry.event_id === itemId);
  return (
    <div className="review-workspace">
      <QueueList week={week} progress={progress} openItem={itemId} worked={worked} skipped={flow.skipped} questions={questions} />
      {itemId ? (
        <ReviewItemPanel key={itemId} itemId={itemId} week={week} position={position} skipped={flow.skipped.has(itemId)}
          verdict={myVerdict} note={flow.note} setNote={flow.setNote} onVerdict={giveVerdict} noteRef={noteRef} problem={flow.problem}
          onSubmit={() => void submit()} onSkip={skip} onStep={(delta) => go(stepItem(week.sample, itemId, delta))}
          onUndo={givenHere.length > 0 ? () => void flow.undo() : null} onHelp={() => shortcutsHelp.show()} />
      ) : (
        <WeekDone week={week} progress={progress} nextOpen={nextOpenWeek(weeks, week.week)} onBrowse={() => go(week.sample[0]?.event_id ?? null, false)} />
      )}
      <PendingKeys waiting={waiting} />
      {shortcutsHelp.open && <LabelingShortcuts kind="answer_review" screen="review" onClose={() => shortcutsHelp.close()} />}
    </div>
  );
}
