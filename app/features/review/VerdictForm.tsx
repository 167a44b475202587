import type { RefObject } from 'react';
import { choicesOf } from '../../components/labeling-keys/values';
import { VERDICTS, type Verdict } from '../../schema/given-label';

const MEANING: Record<Verdict, string> = {
  correct: 'answers the question, backed by the context',
  wrong: 'a confident answer that is wrong',
  partial: 'right in part, or incomplete',
  unsupported: 'may be right, but the context does not back it',
};
const KEY_OF = new Map(choicesOf('answer_review').map((choice) => [choice.value, choice.key]));

interface VerdictFormProps {
  /** This reviewer's verdict on the answer (given here or earlier); null when none. */
  verdict: Verdict | null;
  note: string;
  setNote(note: string): void;
  onVerdict(verdict: Verdict): void;
  noteRef: RefObject<HTMLTextAreaElement | null>;
  problem: string | null;
  skipped: boolean;
  onSubmit(): void;
  onSkip(): void;
  onUndo: (() => void) | null;
}

/** Verdict buttons (1–4, given at once), the note (.), next (Enter; no verdict: skipped), skip (s) and undo (z): the keys of every labeling screen. */
export function VerdictForm({ verdict: mine, note, setNote, onVerdict, noteRef, problem, skipped, onSubmit, onSkip, onUndo }: VerdictFormProps) {
  return (
    <form className="review-verdict-form" onSubmit={(event) => { event.preventDefault(); onSubmit(); }}>
      <div className="review-verdict-buttons" role="radiogroup" aria-label="Verdict">
        {VERDICTS.map((verdict) => (
          <button key={verdict} type="button" role="radio" aria-checked={mine === verdict} title={MEANING[verdict]}
            className={`review-verdict-button verdict-${verdict}`} onClick={(event) => { if (event.detail > 0) event.currentTarget.blur(); onVerdict(verdict); }}>
            <kbd>{KEY_OF.get(verdict)}</kbd> {verdict}
          </button>
        ))}
      </div>
      <label className="review-note">
        <span>Note <kbd>.</kbd> <span className="text-soft">given with the verdict</span></span>
        <textarea ref={noteRef} rows={2} value={note} placeholder="What is wrong or missing (optional)"
          onChange={(event) => setNote(event.target.value)} />
      </label>
      {problem && <p className="query-error" role="alert">{problem}</p>}
      {skipped && <p className="text-soft" data-testid="review.skipped">Skipped for now.</p>}
      <div className="review-verdict-actions">
        <button type="submit" className="button primary">Next <kbd>Enter</kbd></button>
        <button type="button" className="button" onClick={onSkip}>Skip <kbd>s</kbd></button>
        <button type="button" className="button subtle" onClick={() => onUndo?.()} disabled={!onUndo} title="Take back the last verdict given on this screen (z)">
          Undo <kbd>z</kbd>
        </button>
      </div>
    </form>
  );
}
