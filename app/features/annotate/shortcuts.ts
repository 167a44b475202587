import { RETRIEVAL_ROLES } from '../../schema/given-label';
import type { QueueKind } from '../../model/annotation/queue';

export interface Shortcut {
  keys: readonly string[];
  does: string;
}

/** Every key of a queue, as the `?` overlay lists it: the one place they are written down (use-queue-keys.ts binds them). */
export function queueShortcuts(kind: QueueKind): Shortcut[] {
  const values: Shortcut[] = kind === 'relevance'
    ? [
      { keys: ['0', '1', '2', '3'], does: 'grade the focused asset (0 not relevant … 3 highly relevant); the focus moves down' },
      { keys: ['↓', '↑'], does: 'focus the next or previous asset of the list' },
    ]
    : kind === 'role'
      ? [{ keys: RETRIEVAL_ROLES.map((_, i) => String(i + 1)), does: `pick the role: ${RETRIEVAL_ROLES.map((role, i) => `${i + 1} ${role}`).join(', ')}` }]
      : [
        { keys: ['y', 'n'], does: 'retrieval intent yes / no (with the intents in the field)' },
        { keys: ['i'], does: 'edit the intents (comma-separated; Esc leaves the field)' },
      ];
  return [
    ...values,
    { keys: ['j', '→'], does: 'next item' },
    { keys: ['k', '←'], does: 'previous item' },
    ...(kind === 'relevance' ? [] : [{ keys: ['↓', '↑'], does: 'next or previous item too' }]),
    { keys: ['Enter', 'Ctrl Enter', '⌘ Enter'], does: 'submit and go to the next item (Ctrl/⌘ Enter also while typing)' },
    { keys: ['s'], does: 'skip this item for now' },
    { keys: ['u', 'Ctrl Z', '⌘ Z'], does: 'undo: take back the last label given in this queue' },
    { keys: ['.'], does: 'write a note, given with the labels of this item (Esc leaves it)' },
    { keys: ['?'], does: 'show or hide this list' },
  ];
}

/** The one-line reminder under the item. */
export function shortcutHint(kind: QueueKind): string {
  const values = kind === 'relevance' ? '↑/↓ asset · 0–3 grade' : kind === 'role' ? `1–${RETRIEVAL_ROLES.length} role` : 'y/n intent · i intents';
  return `${values} · j/k item · Enter submit & next · s skip · u undo · . note · ? all keys`;
}
