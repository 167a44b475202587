import { useState, type RefObject } from 'react';
import { useGiveFlow } from '../../components/labeling-keys/use-give-flow';
import type { QueueKind } from '../../model/annotation/queue';
import { RETRIEVAL_ROLES, type Grade, type LabelInput } from '../../schema/given-label';
import { parseIntents } from '../../model/annotation/intent-list';


/** Relevance: the position of the graded asset in the list, where undo puts the focus back. */
interface GivenAt {
  assetIndex?: number;
}

interface SessionInput {
  kind: QueueKind;
  itemId: string | null;
  /** Relevance: the distinct assets of the open item in rank order. */
  assets: readonly string[];
  /** Intent: the intents field's text before the annotator edits it. */
  intentsDefault: string;
  go(itemId: string): void;
  /** The intents field, which `i` focuses. */
  intentsRef: RefObject<HTMLInputElement | null>;
}

/**
 * The working state of a queue on the shared give/undo flow (components/labeling-keys): the undo
 * stack, skipped items, the note and intents drafts per item, the focused asset, and the actions
 * the keys and buttons call.
 */
export function useQueueSession({ kind, itemId, assets, intentsDefault, go, intentsRef }: SessionInput) {
  const [focus, setFocus] = useState<{ itemId: string | null; index: number }>({ itemId: null, index: 0 });
  const flow = useGiveFlow<GivenAt>(itemId, (last) => {
    if (last.where.assetIndex !== undefined) setFocus({ itemId: last.itemId, index: last.where.assetIndex });
    if (last.itemId !== itemId) go(last.itemId);
  });
  const intents = flow.text ?? intentsDefault;
  const focused = focus.itemId === itemId ? Math.min(focus.index, Math.max(assets.length - 1, 0)) : 0;
  const give = (input: LabelInput, assetIndex?: number) => flow.give(input, { assetIndex });

  /** Grades the asset at `index` (the focused one by default) and moves the focus to the next. */
  const grade = (value: Grade, index = focused) => {
    const asset = assets[index];
    if (!itemId || asset === undefined) return;
    setFocus({ itemId, index: Math.min(index + 1, assets.length - 1) });
    void give({ kind: 'relevance', retrieval_id: itemId, asset_id: asset, grade: value }, index);
  };
  const intent = (yes: boolean) => {
    if (itemId) void give({ kind: 'intent', turn_id: itemId, retrieval_intent: yes, intents: parseIntents(intents) });
  };

  /** A value key of the queue's kind (values.ts). */
  const value = (key: string) => {
    if (!itemId) return;
    if (kind === 'relevance') grade(Number(key) as Grade);
    else if (kind === 'role') void give({ kind: 'role', retrieval_id: itemId, role: RETRIEVAL_ROLES[Number(key) - 1] });
    else intent(key === 'y');
  };

  /** Enter: typed intents and note go with the item's last label, then on (issue 24, point 5: never thrown away). */
  const submit = (next: () => void, labeled: boolean) => {
    const last = flow.lastHere?.input;
    const before = last?.kind === 'intent' ? last.intents : parseIntents(intentsDefault);
    return flow.next({
      go: next,
      labeled,
      textChanged: kind === 'intent' && parseIntents(intents).join(',') !== before.join(','),
      again: (input) => (input.kind === 'intent' ? { ...input, intents: parseIntents(intents) } : input),
      needsLabel: kind === 'intent'
        ? 'Press y or n first: what you typed goes with that label, and is kept until you do.'
        : 'A note goes with a label: label the item first (your note is kept).',
    });
  };

  return {
    ...flow, focused, intents,
    setIntents: flow.setText,
    setFocused: (index: number) => setFocus({ itemId, index: Math.max(0, Math.min(index, assets.length - 1)) }),
    focusIntents: () => intentsRef.current?.focus(),
    give, grade, intent, value, submit,
  };
}

export type QueueSession = ReturnType<typeof useQueueSession>;
