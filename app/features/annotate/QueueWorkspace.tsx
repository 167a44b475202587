import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { QueueCandidates } from '../../engine/sql/annotation/queue-items';
import { navigate } from '../../lib/url-state';
import { annotateUrl, type AnnotateView } from '../../links/annotate';
import type { AgreementVote } from '../../model/annotation/agreement';
import { withGivenLabels } from '../../model/annotation/given-rows';
import { disagreeingItems, itemStates, labeledBy, pickQueue, queueProgress } from '../../model/annotation/queue';
import { queueItemOptions, usePrefetchQueueItems } from '../../queries/annotate';
import { useDataset } from '../../queries/dataset';
import { useLabeling } from '../../queries/labeling';
import { QueueEnd } from './QueueEnd';
import { ItemPanel } from './ItemPanel';
import { QueueSide } from './QueueSide';
import { LabelingShortcuts } from '../../components/labeling-keys/LabelingShortcuts';
import { PendingKeys } from '../../components/labeling-keys/PendingKeys';
import { useLabelingKeys } from '../../components/labeling-keys/use-labeling-keys';
import { valueKeysOf } from '../../components/labeling-keys/values';
import { useFrozenQueue } from './use-frozen-queue';
import { useQueueSession } from './use-queue-session';
import { distinctAssets, intentsDefault } from './item-view';

interface QueueWorkspaceProps {
  view: AnnotateView;
  data: QueueCandidates;
  /** The agreement votes of the kind; only the `disagreement` pick reads them. */
  votes: readonly AgreementVote[];
  annotator: string;
}

/** One queue at work: the frozen list of items, the open item, the keyboard and the progress. */
export function QueueWorkspace({ view, data, votes, annotator }: QueueWorkspaceProps) {
  const dataset = useDataset();
  const labeling = useLabeling();
  const kind = view.queue;
  const [helpOpen, setHelpOpen] = useState(false);
  const [atEnd, setAtEnd] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const intentsRef = useRef<HTMLInputElement>(null);

  // Labels given or taken back here count at once, before the dataset has taken them in.
  const labels = useMemo(() => withGivenLabels(data.labels, labeling.given, (label) => label.kind === kind), [data.labels, labeling.given, kind]);
  const states = useMemo(() => itemStates(kind, labels), [kind, labels]);
  const byId = useMemo(() => new Map(data.candidates.map((candidate) => [candidate.item_id, candidate])), [data.candidates]);
  const known = useMemo(() => new Set(byId.keys()), [byId]);
  const queueKey = [kind, view.pick, view.pick === 'sample' ? `${view.by}|${view.seed ?? ''}|${view.size}` : '', annotator].join('|');
  const pickIds = (linked: string | null) => {
    const ids = pickQueue(data.candidates, states, disagreeingItems(kind, data.candidates, votes), { ...view, seed: view.seed ?? '', annotator });
    // A link to an item outside the queue opens it first.
    return linked && known.has(linked) && !ids.includes(linked) ? [linked, ...ids] : ids;
  };
  const frozen = useFrozenQueue(queueKey, () => pickIds(view.item), known);
  const ids = frozen.ids;

  const isDone = (id: string) => {
    const candidate = byId.get(id);
    return candidate !== undefined && labeledBy(candidate, states.get(id), annotator);
  };
  const firstOpen = ids.find((id) => !isDone(id)) ?? null;
  const itemId = view.item ?? (atEnd ? null : firstOpen);
  const index = itemId === null ? -1 : ids.indexOf(itemId);
  const go = (id: string | null) => {
    setAtEnd(id === null);
    navigate(annotateUrl.changed({ item: id }), { replace: true });
  };
  // The open item goes into the URL, so that a reload or a shared link lands on it.
  useEffect(() => {
    if (!view.item && itemId) navigate(annotateUrl.changed({ item: itemId }), { replace: true });
  }, [view.item, itemId]);

  const item = useQuery(queueItemOptions(dataset, kind, itemId));
  usePrefetchQueueItems(dataset, kind, ids, index);

  const itemLabels = useMemo(() => withGivenLabels(item.data?.labels ?? [], labeling.given,
    (label) => (label.kind === 'intent' ? label.turn_id === itemId : 'retrieval_id' in label && label.retrieval_id === itemId)), [item.data, labeling.given, itemId]);
  const assets = useMemo(() => distinctAssets(item.data?.assets ?? []), [item.data]);
  const session = useQueueSession({ kind, itemId, assets: assets.map((asset) => asset.asset_id), intentsDefault: intentsDefault(itemLabels, annotator), go, intentsRef });

  const step = (delta: 1 | -1) => {
    if (ids.length === 0) return;
    if (index < 0) return go(delta === 1 ? ids[0] : ids.at(-1)!);
    const target = index + delta;
    if (target >= ids.length) return go(null);
    go(ids[Math.max(target, 0)]);
  };
  const skip = () => {
    session.skip();
    step(1);
  };
  const submit = () => session.submit(() => step(1), itemId !== null && (states.get(itemId)?.labeledBy.has(annotator) ?? false));
  // Keys pressed before the item is on screen wait for it, in order (issue 24, point 4).
  const ready = itemId === null || item.data?.item_id === itemId;
  const waiting = useLabelingKeys(valueKeysOf(kind), {
    next: () => step(1),
    previous: () => step(-1),
    down: () => (kind === 'relevance' ? session.setFocused(session.focused + 1) : step(1)),
    up: () => (kind === 'relevance' ? session.setFocused(session.focused - 1) : step(-1)),
    value: session.value,
    undo: () => void session.undo(),
    skip,
    note: () => noteRef.current?.focus(),
    ...(kind === 'intent' ? { intents: session.focusIntents } : {}),
    submit,
    help: () => setHelpOpen((open) => !open),
    escape: () => {
      if (!helpOpen) return false;
      setHelpOpen(false);
      return true;
    },
  }, ready);

  const rebuild = () => {
    frozen.rebuild(pickIds(null));
    setAtEnd(false);
    navigate(annotateUrl.changed({ item: null }), { replace: true });
  };
  // over every item of the queue (hundreds of thousands at 1M events): not again on every move to the next item
  const progress = useMemo(() => queueProgress(ids, byId, states, annotator), [ids, byId, states, annotator]);
  return (
    <div className="annotate-workspace">
      <QueueSide kind={kind} ids={ids} itemId={itemId} byId={byId} states={states} annotator={annotator} skipped={session.skipped}
        progress={progress} frozenAt={frozen.at} onRebuild={rebuild} />
      {itemId === null ? (
        <QueueEnd pick={view.pick} progress={progress} firstOpen={firstOpen} onOpen={go} onUndo={session.stack.length > 0 ? () => void session.undo() : null} problem={session.problem} />
      ) : (
        <ItemPanel kind={kind} itemId={itemId} position={index} total={ids.length} query={item} labels={itemLabels} assets={assets}
          annotator={annotator} session={session} noteRef={noteRef} intentsRef={intentsRef} done={isDone(itemId)} skipped={session.skipped.has(itemId)}
          onStep={step} onSkip={skip} onSubmit={() => void submit()} onHelp={() => setHelpOpen(true)} />
      )}
      <PendingKeys waiting={waiting} />
      {helpOpen && <LabelingShortcuts kind={kind} screen="annotate" onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
