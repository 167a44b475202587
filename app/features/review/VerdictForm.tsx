import type { Dispatch, RefObject } from 'react';
import { VERDICTS, type Verdict } from '../../schema/given-label';
import { VERDICT_KEYS } from './shortcuts';

/** The verdict being prepared for one answer; it belongs to `itemId` only and is dropped on moving on. */
export interface Draft {
  itemId: string | null;
  verdict: Verdict | null;
  note: string;
}

const MEANING: Record<Verdict, string> = {
  correct: 'answers the question, backed by the context',
  wrong: 'a confident answer that is wrong',
  partial: 'right in part, or incomplete',
  unsupported: 'may be right, but the context does not back it',
};

interface VerdictFormProps {
  draft: Draft;
  setDraft: Dispatch<Draft>;
  noteRef: RefObject<HTMLTextAreaElement | null>;
  problem: string | null;
  onSubmit(): void;
  onUndo: (() => void) | null;
}

/** Verdict buttons (1–4, c/w/p/u), the note (.), submit-and-next (Ctrl/⌘ Enter) and undo (z). */
export function VerdictForm({ draft, setDraft, noteRef, problem, onSubmit, onUndo }: VerdictFormProps) {
  return (
    <form className="review-verdict-form" onSubmit={(event) => { event.preventDefault(); onSubmit(); }}>
      <div className="review-verdict-buttons" role="radiogroup" aria-label="Verdict">
        {VERDICTS.map((verdict) => (
          <button key={verdict} type="button" role="radio" aria-checked={draft.verdict === verdict} title={MEANING[verdict]}
            className={`review-verdict-button verdict-${verdict}`} onClick={() => setDraft({ ...draft, verdict })}>
            <kbd>{VERDICT_KEYS[verdict][0]}</kbd> {verdict}
          </button>
        ))}
      </div>
      <label className="review-note">
        <span>Note <kbd>.</kbd></span>
        <textarea ref={noteRef} rows={2} value={draft.note} placeholder="What is wrong or missing (optional)"
          onChange={(event) => setDraft({ ...draft, note: event.target.value })} />
      </label>
      {problem && <p className="query-error" role="alert">{problem}</p>}
      <div className="review-verdict-actions">
        <button type="submit" className="button primary" disabled={!draft.verdict}>Submit &amp; next <kbd>Ctrl ⏎</kbd></button>
        <button type="button" className="button subtle" onClick={() => onUndo?.()} disabled={!onUndo} title="Take back the last verdict given on this screen (z)">
          Undo <kbd>z</kbd>
        </button>
      </div>
    </form>
  );
}
