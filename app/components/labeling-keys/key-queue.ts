import type { LabelingAction } from './keymap';

/**
 * Keys pressed while the open item is still loading, or while the previous key's work (a label
 * being saved, then the move on) is not done: none is dropped. They wait in order and are applied
 * one by one once the item is on screen, each to the item open at its turn, so that `2 Enter 1`
 * grades the first item 2, moves on, and grades the next item 1, as the annotator meant. Beyond
 * KEY_QUEUE_LIMIT waiting keys a key is refused, visibly (the screen says which), rather than
 * applied long after the annotator stopped watching. Pure: use-labeling-keys.ts runs it.
 */
export const KEY_QUEUE_LIMIT = 12;

/** Keys that never wait: the `?` list and Esc (which also drops the waiting keys). */
export const runsAtOnce = (action: LabelingAction) => action.name === 'help' || action.name === 'escape';

/** Whether a key must wait behind the item's load, the work in progress or keys already waiting. */
export const mustWait = (action: LabelingAction, state: { ready: boolean; busy: boolean; waiting: number }) =>
  !runsAtOnce(action) && (!state.ready || state.busy || state.waiting > 0);

export type Enqueued = { queue: LabelingAction[]; refused: null } | { queue: readonly LabelingAction[]; refused: LabelingAction };

/** Puts a key at the end of the queue, or refuses it when KEY_QUEUE_LIMIT keys already wait. */
export function enqueue(queue: readonly LabelingAction[], action: LabelingAction, limit = KEY_QUEUE_LIMIT): Enqueued {
  return queue.length >= limit ? { queue, refused: action } : { queue: [...queue, action], refused: null };
}

/** The next key to apply, when the item is on screen and nothing is in progress; null otherwise. */
export function nextToApply(queue: readonly LabelingAction[], state: { ready: boolean; busy: boolean }): LabelingAction | null {
  return state.ready && !state.busy && queue.length > 0 ? queue[0] : null;
}

const SHOWN: Record<string, string> = { submit: 'Enter', next: 'j', previous: 'k', down: '↓', up: '↑', skip: 's', undo: 'z', note: '.', intents: 'i' };

/** A waiting key as the screen shows it. */
export const keyText = (action: LabelingAction) => (action.name === 'value' ? action.key : SHOWN[action.name] ?? action.name);
