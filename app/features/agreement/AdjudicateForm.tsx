import type { RefObject } from 'react';
import type { LabelKind } from '../../schema/given-label';
import { choicesOf } from './agreement-view';

interface AdjudicateFormProps {
  kind: LabelKind;
  /** The value of the latest adjudication, which the item resolves to; null when not adjudicated. */
  current: string | null;
  /** False for an item a label given here cannot settle (relevance labeled by query). */
  possible: boolean;
  note: string;
  setNote(note: string): void;
  noteRef: RefObject<HTMLInputElement | null>;
  problem: string | null;
  onGive(value: string): void;
  onUndo: (() => void) | null;
  onNext(): void;
  onSkip(): void;
  skipped: boolean;
}

/** The deciding value, one key each (as on the other screens); given at once as an adjudicated label, with the note. */
export function AdjudicateForm({ kind, current, possible, note, setNote, noteRef, problem, onGive, onUndo, onNext, onSkip, skipped }: AdjudicateFormProps) {
  if (!possible) {
    return (
      <p className="text-soft" data-testid="agreement.by-query">
        These labels were given by query, for every retrieval with that exact text. A label given here names one retrieval, so it would be
        another item: settle this one with an adjudicated label by query in a label file.
      </p>
    );
  }
  return (
    <form className="agreement-adjudicate-form" onSubmit={(event) => event.preventDefault()}>
      <div className="agreement-choices" role="group" aria-label="Deciding value">
        {choicesOf(kind).map((choice) => (
          <button key={choice.value} type="button" className="agreement-choice" aria-pressed={current === choice.value}
            onClick={(event) => { if (event.detail > 0) event.currentTarget.blur(); onGive(choice.value); }}>
            <kbd>{choice.key}</kbd> {choice.name}
          </button>
        ))}
      </div>
      <label className="agreement-note">
        <span>Note <kbd>.</kbd> <span className="text-soft">given with the deciding label</span></span>
        <input ref={noteRef} type="text" value={note} onChange={(event) => setNote(event.target.value)} placeholder="Why this value (optional)" />
      </label>
      {problem && <p className="query-error" role="alert">{problem}</p>}
      {skipped && <p className="text-soft" data-testid="agreement.skipped">Skipped for now.</p>}
      <div className="agreement-adjudicate-actions">
        <button type="button" className="button" onClick={onNext}>Next <kbd>Enter</kbd></button>
        <button type="button" className="button" onClick={onSkip}>Skip <kbd>s</kbd></button>
        <button type="button" className="button subtle" onClick={() => onUndo?.()} disabled={!onUndo} title="Take back the last deciding label given on this screen (z)">
          Undo <kbd>z</kbd>
        </button>
      </div>
    </form>
  );
}
