import { useRef, useState, type RefObject } from 'react';
import type { QueueKind } from '../../model/annotation/queue';
import { useLabeling } from '../../queries/labeling';
import { RETRIEVAL_ROLES, type Grade, type LabelInput } from '../../schema/given-label';

/** A label given in this queue, last on top of the undo stack. */
export interface GivenInQueue {
  eventId: string;
  itemId: string;
  input: LabelInput;
  /** Relevance: the position of the graded asset in the list, where undo puts the focus back. */
  assetIndex?: number;
}

/** Per-item drafts: the note (given with each label of the item) and, for intent, the intents field. */
interface Draft {
  itemId: string | null;
  note: string;
  intents: string | null;
}

export const parseIntents = (text: string) => [...new Set(text.split(',').map((intent) => intent.trim()).filter((intent) => intent !== ''))];

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
 * The working state of a queue: the undo stack of labels given in it, skipped items, the note
 * and intents drafts of the open item, the focused asset, and the actions the keys and buttons
 * call. Every label is given at once (durable before `give` resolves), so nothing waits for a
 * submit; submit gives the last label of the item again only when its note or intents changed.
 */
export function useQueueSession({ kind, itemId, assets, intentsDefault, go, intentsRef }: SessionInput) {
  const labeling = useLabeling();
  const [stack, setStack] = useState<GivenInQueue[]>([]);
  // The stack as the handlers change it: two quick undos take back two labels, not one twice.
  const stackRef = useRef<GivenInQueue[]>([]);
  const changeStack = (change: (list: GivenInQueue[]) => GivenInQueue[]) => {
    stackRef.current = change(stackRef.current);
    setStack(stackRef.current);
  };
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const [draftState, setDraft] = useState<Draft>({ itemId: null, note: '', intents: null });
  const [focus, setFocus] = useState<{ itemId: string | null; index: number }>({ itemId: null, index: 0 });
  const [problem, setProblem] = useState<string | null>(null);

  const draft = draftState.itemId === itemId ? draftState : { itemId, note: '', intents: null };
  const intents = draft.intents ?? intentsDefault;
  const focused = focus.itemId === itemId ? Math.min(focus.index, Math.max(assets.length - 1, 0)) : 0;
  const lastHere = itemId ? stack.findLast((given) => given.itemId === itemId) ?? null : null;

  const give = async (input: LabelInput, assetIndex?: number) => {
    if (!itemId) return;
    const note = draft.note.trim();
    const withNote = { ...input, ...(note ? { note } : {}) };
    try {
      const label = await labeling.give(withNote);
      changeStack((list) => [...list, { eventId: label.event_id, itemId, input: withNote, assetIndex }]);
      setProblem(null);
    } catch (error) {
      setProblem(`The label was not saved: ${(error as Error).message}`);
    }
  };

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

  /** A value key; true when it meant something in this queue. */
  const value = (key: string): boolean => {
    if (!itemId) return false;
    const digit = /^\d$/.test(key) ? Number(key) : null;
    if (kind === 'relevance' && digit !== null && digit <= 3) grade(digit as Grade);
    else if (kind === 'role' && digit !== null && digit >= 1 && digit <= RETRIEVAL_ROLES.length) void give({ kind: 'role', retrieval_id: itemId, role: RETRIEVAL_ROLES[digit - 1] });
    else if (kind === 'intent' && (key === 'y' || key === 'n')) intent(key === 'y');
    else if (kind === 'intent' && key === 'i') intentsRef.current?.focus();
    else return false;
    return true;
  };

  /** Gives the item's last label again when its note or intents changed since, then moves on. */
  const submit = async (next: () => void) => {
    const note = draft.note.trim();
    const noteChanged = note !== '' && note !== (lastHere?.input.note ?? '');
    const intentsChanged = lastHere?.input.kind === 'intent' && parseIntents(intents).join(',') !== lastHere.input.intents.join(',');
    if ((noteChanged || intentsChanged) && !lastHere) {
      setProblem(kind === 'intent' ? 'Press y or n first: the intents and the note go with that label.' : 'A note goes with a label: label the item first.');
      return;
    }
    if (lastHere && (noteChanged || intentsChanged)) {
      const again = lastHere.input.kind === 'intent' ? { ...lastHere.input, intents: parseIntents(intents) } : lastHere.input;
      await give(again);
    }
    next();
  };

  const undo = async () => {
    // Labels taken back another way (the item's label list) are passed over.
    const present = new Set(labeling.given.map((label) => label.event_id));
    const last = stackRef.current.findLast((given) => present.has(given.eventId));
    if (!last) return setProblem('Nothing to undo: no label given in this queue is left.');
    changeStack((list) => list.slice(0, list.indexOf(last)));
    try {
      await labeling.retract(last.eventId);
      setProblem(null);
      if (last.assetIndex !== undefined) setFocus({ itemId: last.itemId, index: last.assetIndex });
      if (last.itemId !== itemId) go(last.itemId);
    } catch (error) {
      changeStack((list) => [...list, last]);
      setProblem(`Could not take the label back: ${(error as Error).message}`);
    }
  };

  return {
    stack, skipped, problem, setProblem, focused, note: draft.note, intents, lastHere,
    setNote: (note: string) => setDraft({ ...draft, note }),
    setIntents: (text: string) => setDraft({ ...draft, intents: text }),
    setFocused: (index: number) => setFocus({ itemId, index: Math.max(0, Math.min(index, assets.length - 1)) }),
    skip: () => {
      if (itemId) setSkipped((set) => new Set([...set, itemId]));
    },
    give, grade, intent, value, submit, undo,
  };
}

export type QueueSession = ReturnType<typeof useQueueSession>;
