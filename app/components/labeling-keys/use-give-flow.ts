import { useRef, useState } from 'react';
import { useLabeling } from '../../session/labeling';
import type { LabelInput } from '../../schema/given-label';
import { errorMessage } from '../../lib/error-message';

/** A label given on this screen, last on top of the undo stack; `where` is what undo needs to show it again. */
export interface GivenHere<Where> {
  eventId: string;
  itemId: string;
  input: LabelInput;
  where: Where;
}

/** What was typed on an item: the note (given with each label of the item) and a screen's own field (Annotate's intents). */
export interface ItemDraft {
  note: string;
  text: string | null;
}
const NO_DRAFT: ItemDraft = { note: '', text: null };

interface NextOptions {
  /** Goes on to the next item. */
  go(): void;
  /** The item already holds a label of this annotator (given earlier, or here). */
  labeled: boolean;
  /** The screen's own typed text differs from what the last label here carries (or, with none, from its default). */
  textChanged?: boolean;
  /** The label given again when the note or text changed: the last one here, with the new text. */
  again?(last: LabelInput): LabelInput;
  /** Why typed text without a label cannot go on (it is kept). */
  needsLabel: string;
}

/**
 * The one give/undo flow of the labeling screens (Annotate, Review, Agreement): a value key gives
 * the label at once, with the item's typed note (durable before `give` resolves); Enter goes on,
 * giving the last label again when its note or text changed since (replacing it), and counts an item without
 * any label as skipped; typed text with no label to go with is never dropped: going on is refused
 * with the reason. Undo takes back the last label given here and shows its item again. Drafts are
 * kept per item while the screen is open.
 */
export function useGiveFlow<Where>(itemId: string | null, showAgain: (entry: GivenHere<Where>) => void) {
  const labeling = useLabeling();
  const [stack, setStack] = useState<GivenHere<Where>[]>([]);
  // The stack as the handlers change it: two quick undos take back two labels, not one twice.
  const stackRef = useRef<GivenHere<Where>[]>([]);
  const changeStack = (change: (list: GivenHere<Where>[]) => GivenHere<Where>[]) => {
    stackRef.current = change(stackRef.current);
    setStack(stackRef.current);
  };
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const [drafts, setDrafts] = useState<ReadonlyMap<string, ItemDraft>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);

  const draft = (itemId !== null && drafts.get(itemId)) || NO_DRAFT;
  const setDraft = (change: Partial<ItemDraft>) => {
    if (itemId !== null) setDrafts((map) => new Map(map).set(itemId, { ...(map.get(itemId) ?? NO_DRAFT), ...change }));
  };
  const present = new Set(labeling.given.map((label) => label.event_id));
  const lastHere = itemId === null ? null : stack.findLast((given) => given.itemId === itemId && present.has(given.eventId)) ?? null;
  const skip = (id: string | null = itemId) => {
    if (id !== null) setSkipped((set) => new Set([...set, id]));
  };

  /** Gives `input` on the open item with its typed note; false when it was not saved (`problem` says why). */
  const give = async (input: LabelInput, where: Where): Promise<boolean> => {
    if (itemId === null) return false;
    const note = draft.note.trim();
    const withNote: LabelInput = { ...input, ...(note ? { note } : {}) };
    try {
      const label = await labeling.give(withNote);
      changeStack((list) => [...list, { eventId: label.event_id, itemId, input: withNote, where }]);
      setSkipped((set) => (set.has(itemId) ? new Set([...set].filter((id) => id !== itemId)) : set));
      setProblem(null);
      return true;
    } catch (error) {
      setProblem(`The label was not saved: ${errorMessage(error)}`);
      return false;
    }
  };

  /** Enter: the typed note (and text) go with the item's last label, then on; no label at all: skipped. */
  const next = async ({ go, labeled, textChanged = false, again = (last) => last, needsLabel }: NextOptions) => {
    const note = draft.note.trim();
    const noteChanged = note !== '' && note !== (lastHere?.input.note ?? '');
    if (noteChanged || textChanged) {
      if (!lastHere) return setProblem(needsLabel);
      const last: LabelInput = { ...lastHere.input };
      delete last.note;
      if (!(await give(again(last), lastHere.where))) return;
      // The label with the new text replaces the one without: one undo takes the item's label back.
      const replaced = lastHere;
      changeStack((list) => list.filter((entry) => entry !== replaced));
      await labeling.retract(replaced.eventId).catch((error: Error) => setProblem(`The earlier label stays: ${error.message}`));
    } else if (!labeled && !lastHere) skip();
    setProblem(null);
    go();
  };

  const undo = async () => {
    // Labels taken back another way (an item's label list) are passed over.
    const now = new Set(labeling.given.map((label) => label.event_id));
    const last = stackRef.current.findLast((given) => now.has(given.eventId));
    if (!last) return setProblem('Nothing to undo: no label given on this screen is left.');
    changeStack((list) => list.slice(0, list.indexOf(last)));
    try {
      await labeling.retract(last.eventId);
      setProblem(null);
      showAgain(last);
    } catch (error) {
      changeStack((list) => [...list, last]);
      setProblem(`Could not take the label back: ${errorMessage(error)}`);
    }
  };

  return {
    stack, skipped, problem, setProblem, lastHere,
    note: draft.note, text: draft.text,
    setNote: (note: string) => setDraft({ note }),
    setText: (text: string) => setDraft({ text }),
    give, next, skip, undo,
  };
}

export type GiveFlow<Where> = ReturnType<typeof useGiveFlow<Where>>;
