import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { QueueAnchor, QueuePickParams } from '../../engine/sql/annotation/queue-pick';
import { QueryState } from '../../components/QueryState';
import { navigate } from '../../lib/url-state';
import { annotateUrl, type AnnotateView } from '../../links/annotate';
import { withGivenLabels } from '../../model/annotation/given-rows';
import { itemStates, labeledBy, windowProgress, type QueueKind } from '../../model/annotation/queue';
import { PREFETCHED_ITEMS, queueItemOptions, queueWindowOptions, usePrefetchQueueItems, WINDOW_BEFORE } from '../../queries/annotate';
import { useDataset } from '../../session/dataset';
import { useLabeling } from '../../session/labeling';
import { NoItems } from './NoItems';
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
import { useShortcutsHelp } from '../../components/labeling-keys/use-shortcuts-help';

interface QueueWorkspaceProps {
  view: AnnotateView & { queue: QueueKind };
  annotator: string;
}

/** Items the screen needs beyond the open one in the window: the side list's 20 and the items read ahead. */
const LOOK_AHEAD = 20 + PREFETCHED_ITEMS;

/** One queue at work: the frozen list of items, the open item, the keyboard and the progress. */
export function QueueWorkspace({ view, annotator }: QueueWorkspaceProps) {
  const dataset = useDataset();
  const labeling = useLabeling();
  const kind = view.queue;
  const shortcutsHelp = useShortcutsHelp();
  const [atEnd, setAtEnd] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const intentsRef = useRef<HTMLInputElement>(null);

  const queueKey = [kind, view.pick, view.pick === 'sample' ? `${view.by}|${view.seed ?? ''}|${view.size}` : '', annotator].join('|');
  const frozen = useFrozenQueue(queueKey, view.item);
  const params: QueuePickParams = { kind, pick: view.pick, by: view.by, seed: view.seed ?? '', size: view.size, annotator, frozenAt: frozen.at, linked: frozen.linked };
  const [anchor, setAnchor] = useState<QueueAnchor>(view.item ? { item: view.item } : null);
  const windowOptions = queueWindowOptions(dataset, params, anchor);
  // Asked while the screen renders, not after it is drawn: opening a queue at 1M events waited ~290 ms for the first paint.
  usePrefetchQuery(windowOptions);
  const windowQuery = useQuery(windowOptions);
  const queueWindow = windowQuery.data;
  // Labels given or taken back here count at once, before the dataset has taken them in.
  const labels = useMemo(() => withGivenLabels(queueWindow?.labels ?? [], labeling.given, (label) => label.kind === kind), [queueWindow, labeling.given, kind]);
  const states = useMemo(() => itemStates(kind, labels), [kind, labels]);
  const statesRead = useMemo(() => itemStates(kind, queueWindow?.labels ?? []), [kind, queueWindow]);
  const rows = useMemo(() => queueWindow?.rows ?? [], [queueWindow]);
  const byId = useMemo(() => new Map(rows.map((row) => [row.item_id, row])), [rows]);
  const idAt = (pos: number) => (rows.length > 0 ? rows[pos - rows[0].pos]?.item_id ?? null : null);
  const head = queueWindow?.head;
  const total = head?.total ?? 0;

  const isDone = (id: string) => {
    const candidate = byId.get(id);
    return candidate !== undefined && labeledBy(candidate, states.get(id), annotator);
  };
  // The first item not done when the window was read, or the next one in the window if it is done since.
  const firstOpen = head?.first_open == null ? null
    : rows.find((row) => row.pos >= head.first_open! && !isDone(row.item_id))?.item_id ?? head.first_open_item;
  const itemId = view.item ?? (atEnd ? null : firstOpen);
  const index = itemId === null ? -1 : byId.get(itemId)?.pos ?? -1;
  const go = (id: string | null) => {
    setAtEnd(id === null);
    navigate(annotateUrl.changed({ item: id }), { replace: true });
  };
  // The open item goes into the URL, so that a reload or a shared link lands on it.
  useEffect(() => {
    if (!view.item && itemId) navigate(annotateUrl.changed({ item: itemId }), { replace: true });
  }, [view.item, itemId]);

  const item = useQuery(queueItemOptions(dataset, kind, itemId));
  const windowIds = useMemo(() => rows.map((row) => row.item_id), [rows]);
  usePrefetchQueueItems(dataset, kind, windowIds, index < 0 || rows.length === 0 ? -1 : index - rows[0].pos);

  // The window follows the open item: read again around it when it nears either end, or leaves it.
  // a move to an item outside the window, made once the window holding it is read
  const pendingPos = useRef<number | null>(null);
  useEffect(() => {
    if (!queueWindow || windowQuery.isPlaceholderData || rows.length === 0) return;
    const first = rows[0].pos;
    const last = rows.at(-1)!.pos;
    if (pendingPos.current !== null) {
      const id = idAt(pendingPos.current);
      pendingPos.current = null;
      if (id) go(id);
      return;
    }
    if (itemId === null) return;
    const at = byId.get(itemId)?.pos;
    const nearEnd = at !== undefined && at + LOOK_AHEAD > last && last < total - 1;
    const nearStart = at !== undefined && at - WINDOW_BEFORE < first && first > 0;
    const outside = at === undefined && !(anchor && 'item' in anchor && anchor.item === itemId);
    if (nearEnd || nearStart || outside) setAnchor({ item: itemId });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queueWindow, windowQuery.isPlaceholderData, itemId]);

  const itemLabels = useMemo(() => withGivenLabels(item.data?.labels ?? [], labeling.given,
    (label) => (label.kind === 'intent' ? label.turn_id === itemId : 'retrieval_id' in label && label.retrieval_id === itemId)), [item.data, labeling.given, itemId]);
  const assets = useMemo(() => distinctAssets(item.data?.assets ?? []), [item.data]);
  const session = useQueueSession({ kind, itemId, assets: assets.map((asset) => asset.asset_id), intentsDefault: intentsDefault(itemLabels, annotator), go, intentsRef });

  /** Opens the item at `pos`, once the window holding it is read. */
  const goTo = (pos: number) => {
    const id = idAt(pos);
    if (id) return go(id);
    pendingPos.current = pos;
    setAnchor({ pos });
  };
  const step = (delta: 1 | -1) => {
    if (total === 0) return;
    if (index < 0) return goTo(delta === 1 ? 0 : total - 1);
    const target = index + delta;
    if (target >= total) return go(null);
    goTo(Math.max(target, 0));
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
    ...shortcutsHelp.keys,
  }, ready);

  const rebuild = () => {
    frozen.rebuild();
    setAnchor(null);
    setAtEnd(false);
    navigate(annotateUrl.changed({ item: null }), { replace: true });
  };
  if (!queueWindow || !head) return <QueryState query={windowQuery} label="the queue" />;
  if (head.items === 0) return <NoItems kind={kind} />;
  const progress = windowProgress(head, rows, statesRead, states, annotator);
  return (
    <div className="annotate-workspace">
      <QueueSide kind={kind} rows={rows} total={total} index={index} itemId={itemId} byId={byId} states={states} annotator={annotator} skipped={session.skipped}
        progress={progress} frozenAt={frozen.at} onRebuild={rebuild} />
      {itemId === null ? (
        <QueueEnd pick={view.pick} progress={progress} firstOpen={firstOpen} onOpen={go} onUndo={session.stack.length > 0 ? () => void session.undo() : null} problem={session.problem} />
      ) : (
        <ItemPanel kind={kind} itemId={itemId} position={index} total={total} query={item} labels={itemLabels} assets={assets}
          annotator={annotator} session={session} noteRef={noteRef} intentsRef={intentsRef} done={isDone(itemId)} skipped={session.skipped.has(itemId)}
          onStep={step} onSkip={skip} onSubmit={() => void submit()} onHelp={() => shortcutsHelp.show()} />
      )}
      <PendingKeys waiting={waiting} />
      {shortcutsHelp.open && <LabelingShortcuts kind={kind} screen="annotate" onClose={() => shortcutsHelp.close()} />}
    </div>
  );
}
