import { useEffect, useRef } from 'react';
import type { LabelKind } from '../../schema/given-label';
import { choicesOf } from './agreement-view';

export interface AgreementKeyActions {
  /** A deciding value (a vote's value text) for the open item. */
  give(value: string): void;
  step(delta: 1 | -1): void;
  undo(): void;
  focusNote(): void;
  escape(): void;
  help(): void;
}

const NEXT = new Set(['j', 'ArrowDown']);
const PREVIOUS = new Set(['k', 'ArrowUp']);

/** The keys, as the hint line shows them (the one place besides the bindings below). */
export function keyHint(kind: LabelKind): string {
  const values = choicesOf(kind).map((choice) => choice.key);
  const valueKeys = kind === 'intent' ? 'y / n' : `${values[0]}–${values.at(-1)}`;
  return `${valueKeys} decide · j / k next / previous disagreement · u undo · . note · ? every key`;
}

/** Every key, for the `?` dialog. */
export function agreementShortcuts(kind: LabelKind) {
  return [
    ...choicesOf(kind).map((choice) => ({ keys: [choice.key], does: `decide: ${choice.name}` })),
    { keys: ['j', '↓'], does: 'next disagreement' },
    { keys: ['k', '↑'], does: 'previous disagreement' },
    { keys: ['u', 'Ctrl/⌘ Z'], does: 'take back the last deciding label given here' },
    { keys: ['.'], does: 'write a note that goes with the deciding label' },
    { keys: ['Esc'], does: 'leave the note; close this list' },
    { keys: ['?'], does: 'this list' },
  ];
}

const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

/** A field that takes the keys as text (the note, the name form); a checkbox does not. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName)
    || (target instanceof HTMLInputElement && !NOT_TYPED.has(target.type)));

function actionOf(event: KeyboardEvent, kind: LabelKind, actions: AgreementKeyActions): (() => void) | null {
  if (event.key === 'Escape') return actions.escape;
  if (isTyping(event.target) || event.altKey) return null;
  const command = event.ctrlKey || event.metaKey;
  if (command) return event.key.toLowerCase() === 'z' && !event.shiftKey ? actions.undo : null;
  const choice = choicesOf(kind).find((option) => option.key === event.key);
  if (choice) return () => actions.give(choice.value);
  if (NEXT.has(event.key)) return () => actions.step(1);
  if (PREVIOUS.has(event.key)) return () => actions.step(-1);
  if (event.key === 'u') return actions.undo;
  if (event.key === '.') return actions.focusNote;
  if (event.key === '?') return actions.help;
  return null;
}

/** The agreement screen's keyboard: one listener on the window, always calling the latest actions. */
export function useAgreementKeys(kind: LabelKind, actions: AgreementKeyActions): void {
  const latest = useRef({ kind, actions });
  useEffect(() => {
    latest.current = { kind, actions };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const action = actionOf(event, latest.current.kind, latest.current.actions);
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
