import type { LabelKind } from '../../schema/given-label';
import type { Shortcut } from '../ShortcutsDialog';
import { choicesOf } from './values';

/** Where the keys are used: the queues and Agreement step through items; the inspector labels in place. */
export type LabelingScreen = 'annotate' | 'review' | 'agreement' | 'session';

const VALUE_DOES: Record<LabelKind, string> = {
  relevance: 'grade the focused asset (the focus moves down)',
  role: 'pick the role',
  intent: 'retrieval intent yes / no, given with the intents typed',
  answer_review: 'give the verdict',
};

/**
 * The one list of labeling keys, as the `?` dialog shows it (keymap.ts binds them). The same
 * key does the same thing on every screen; a screen lists only the keys it has.
 */
export function labelingShortcuts(kind: LabelKind | null, screen: LabelingScreen): Shortcut[] {
  const deciding = screen === 'agreement' ? 'decide as adjudicator: ' : '';
  const values: Shortcut[] = kind === null ? [] : [
    { keys: choicesOf(kind).map((choice) => choice.key), does: `${deciding}${VALUE_DOES[kind]}: ${choicesOf(kind).map((choice) => `${choice.key} ${choice.name.replace(/^\d /, '')}`).join(', ')}` },
  ];
  if (screen === 'session') {
    return [
      { keys: ['z', 'Ctrl Z', '⌘ Z'], does: 'undo: take back the last label given in this session view' },
      { keys: ['Esc'], does: 'leave a text field; close this list' },
      { keys: ['?'], does: 'show or hide this list' },
    ];
  }
  return [
    ...values,
    ...(kind === 'relevance' ? [{ keys: ['↓', '↑'], does: 'focus the next or previous asset of the list' }] : []),
    ...(kind === 'intent' && screen === 'annotate' ? [{ keys: ['i'], does: 'type the intents (comma-separated; Esc leaves the field)' }] : []),
    { keys: ['Enter', 'Ctrl Enter', '⌘ Enter'], does: 'next: give the typed note with the label, go to the next item; with no label it is skipped (Ctrl/⌘ Enter also from a text field, which it leaves)' },
    { keys: ['s'], does: 'skip this item for now' },
    { keys: ['j', '→'], does: 'next item' },
    { keys: ['k', '←'], does: 'previous item' },
    ...(kind === 'relevance' ? [] : [{ keys: ['↓', '↑'], does: 'next or previous item too' }]),
    { keys: ['z', 'Ctrl Z', '⌘ Z'], does: 'undo: take back the last label given on this screen' },
    { keys: ['.'], does: 'write a note, given with the label' },
    { keys: ['Esc'], does: 'leave a text field; close this list' },
    { keys: ['?'], does: 'show or hide this list' },
  ];
}

/** The one-line reminder under the item. */
export function shortcutHint(kind: LabelKind): string {
  const keys = choicesOf(kind).map((choice) => choice.key);
  const values = kind === 'intent' ? 'y / n intent · i intents' : `${keys[0]}–${keys.at(-1)} ${kind === 'relevance' ? 'grade · ↑/↓ asset' : kind === 'role' ? 'role' : 'verdict'}`;
  return `${values} · Enter next (no label: skip) · s skip · j/k item · z undo · . note · ? all keys`;
}
