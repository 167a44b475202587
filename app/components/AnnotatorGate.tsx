import { useState, type FormEvent, type ReactNode } from 'react';
import { useLabeling } from '../session/labeling';

/** Asks for the annotator's name once (kept in this browser); shows the labeling UI after. */
export function AnnotatorGate({ children, what = 'label' }: { children: ReactNode; what?: string }) {
  const { annotator } = useLabeling();
  if (annotator) return <>{children}</>;
  return <AnnotatorNameForm what={what} />;
}

export function AnnotatorNameForm({ what = 'label', onDone }: { what?: string; onDone?: () => void }) {
  const { annotator, setAnnotator } = useLabeling();
  const [name, setName] = useState(annotator ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setAnnotator(name);
    onDone?.();
  };
  return (
    <form className="annotator-form panel" onSubmit={submit} data-testid="annotator.form">
      <label>
        <span>Your name, to {what} under</span>
        <input value={name} onChange={(event) => setName(event.target.value)} autoFocus placeholder="e.g. li" aria-label="Annotator name" />
      </label>
      <button type="submit" className="button primary" disabled={!name.trim()}>Start</button>
      <p className="text-soft">Every label is saved in this browser the moment you give it, with your name and the time.</p>
    </form>
  );
}
