import { useEffect, useRef } from 'react';
import { VERDICTS, type Verdict } from '../../schema/given-label';

/** The keys of each verdict: its number (1–4) and its initial. */
export const VERDICT_KEYS: Record<Verdict, readonly [string, string]> = {
  correct: ['1', 'c'],
  wrong: ['2', 'w'],
  partial: ['3', 'p'],
  unsupported: ['4', 'u'],
};

/** Every shortcut of the screen, as the `?` list shows it: the one place they are written down. */
export const SHORTCUTS: readonly { keys: readonly string[]; does: string }[] = [
  ...VERDICTS.map((verdict) => ({ keys: VERDICT_KEYS[verdict], does: `choose the verdict ${verdict}` })),
  { keys: ['.'], does: 'write a note (Esc leaves it)' },
  { keys: ['Ctrl Enter', '⌘ Enter'], does: 'submit the verdict with the note and go to the next answer to review' },
  { keys: ['j', '↓', '→'], does: 'next answer in the sample' },
  { keys: ['k', '↑', '←'], does: 'previous answer in the sample' },
  { keys: ['z', 'Ctrl Z', '⌘ Z'], does: 'undo: take back the last verdict given on this screen' },
  { keys: ['?'], does: 'show or hide this list' },
];

export interface ReviewKeyActions {
  choose(verdict: Verdict): void;
  submit(): void;
  step(delta: 1 | -1): void;
  undo(): void;
  focusNote(): void;
  toggleHelp(): void;
  escape(): void;
}

const VERDICT_OF_KEY = new Map(VERDICTS.flatMap((verdict) => VERDICT_KEYS[verdict].map((key) => [key, verdict] as const)));
const NEXT = new Set(['j', 'ArrowDown', 'ArrowRight']);
const PREVIOUS = new Set(['k', 'ArrowUp', 'ArrowLeft']);

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The action a key press asks for, or null to leave it to the browser. */
function actionOf(event: KeyboardEvent, actions: ReviewKeyActions): (() => void) | null {
  const command = event.ctrlKey || event.metaKey;
  if (command && event.key === 'Enter') return actions.submit;
  if (event.key === 'Escape') return actions.escape;
  // While typing (the note, the name form) every other key is text; Ctrl+Z there undoes typing.
  if (isTyping(event.target) || event.altKey) return null;
  if (command) return event.key.toLowerCase() === 'z' && !event.shiftKey ? actions.undo : null;
  const verdict = VERDICT_OF_KEY.get(event.key);
  if (verdict) return () => actions.choose(verdict);
  if (NEXT.has(event.key)) return () => actions.step(1);
  if (PREVIOUS.has(event.key)) return () => actions.step(-1);
  if (event.key === 'z') return actions.undo;
  if (event.key === '.') return actions.focusNote;
  if (event.key === '?') return actions.toggleHelp;
  return null;
}

/** The screen's keyboard: one listener on the window, always calling the latest actions. */
export function useReviewKeys(actions: ReviewKeyActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const action = actionOf(event, latest.current);
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
