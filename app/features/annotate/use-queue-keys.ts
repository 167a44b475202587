import { useEffect, useLayoutEffect, useRef } from 'react';

/** What the queue's keys do (shortcuts.ts lists them for the `?` overlay). */
export interface QueueKeyActions {
  nextItem(): void;
  previousItem(): void;
  /** ↓ / ↑: the next or previous asset of a relevance list; the next or previous item elsewhere. */
  down(): void;
  up(): void;
  /** A value key: a digit (grade, role), y / n (retrieval intent), i (the intents field). True when it meant something. */
  value(key: string): boolean;
  undo(): void;
  skip(): void;
  focusNote(): void;
  submit(): void;
  toggleHelp(): void;
  /** Escape: closes the overlay; true when it was open. */
  closeHelp(): boolean;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
const does = (action: () => void) => {
  action();
  return true;
};
const isControl = (target: EventTarget | null) => target instanceof HTMLElement && target.closest('button, a, summary') !== null;

/**
 * The queue's keyboard on the whole window. No shortcut fires while the user types in a field,
 * except Escape (leaves the field) and Ctrl/Cmd+Enter (submit and next). Enter on a focused
 * button or link does what the button or link does, not submit.
 */
export function useQueueKeys(actions: QueueKeyActions, enabled: boolean): void {
  const current = useRef(actions);
  // A layout effect: the next key sees the actions of what is on screen, even when the render
  // came from a label saved in the background (whose passive effects may run after that key).
  useLayoutEffect(() => {
    current.current = actions;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const act = current.current;
      const command = event.ctrlKey || event.metaKey;
      const handled = (() => {
        if (command && event.key === 'Enter') return does(act.submit);
        if (isTyping(event.target)) {
          if (event.key !== 'Escape') return false;
          (event.target as HTMLElement).blur();
          return true;
        }
        if (command && event.key.toLowerCase() === 'z' && !event.shiftKey) return does(act.undo);
        if (command || event.altKey) return false;
        switch (event.key) {
          case 'Escape': return act.closeHelp();
          case '?': return does(act.toggleHelp);
          case 'Enter': return isControl(event.target) ? false : does(act.submit);
          case 'j': case 'ArrowRight': return does(act.nextItem);
          case 'k': case 'ArrowLeft': return does(act.previousItem);
          case 'ArrowDown': return does(act.down);
          case 'ArrowUp': return does(act.up);
          case 'u': return does(act.undo);
          case 's': return does(act.skip);
          case '.': return does(act.focusNote);
          default: return event.key.length === 1 ? act.value(event.key) : false;
        }
      })();
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
