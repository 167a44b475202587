import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './choice-dialog.css';

/**
 * A small modal question with a few answers: the first answer has the focus, Tab and Shift+Tab
 * stay within the dialog, Esc (or a click outside) cancels, and the focus returns to where it was.
 */
export function ChoiceDialog({ title, children, onCancel, actions, testId, focusCancel = false }: {
  title: string;
  children: ReactNode;
  onCancel(): void;
  /** The answer buttons, the first one focused; Cancel comes after them. */
  actions: ReactNode;
  testId?: string;
  /** Focus Cancel rather than the first answer (when the first answer removes something). */
  focusCancel?: boolean;
}) {
  const dialog = useRef<HTMLElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.querySelector<HTMLElement>(focusCancel ? '.choice-actions .choice-cancel' : '.choice-actions button')?.focus();
    return () => before?.focus();
  }, [focusCancel]);
  const keyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], input:not([disabled])')];
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="choice-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onCancel()}>
      <section ref={dialog} className="panel choice-dialog" role="dialog" aria-modal="true" aria-labelledby="choice-title" aria-describedby="choice-body"
        data-testid={testId} onKeyDown={keyDown}>
        <h2 id="choice-title">{title}</h2>
        <div id="choice-body">{children}</div>
        <div className="choice-actions">
          {actions}
          <button type="button" className="button subtle choice-cancel" onClick={onCancel}>Cancel <kbd>Esc</kbd></button>
        </div>
      </section>
    </div>
  );
}
