import { useState } from 'react';
import { itemKeys, useSessionLabels } from './session-labels-context';
import { VoteLine } from './VoteLine';
import { parseIntents } from '../../model/annotation/intent-list';


/**
 * The turn's retrieval intent (did the prompt call for retrieval?) and its intents (two or more:
 * a multi-intent prompt): yes/no gives the label with the intents typed; Save gives the typed
 * intents with the chosen yes/no. The resolved label metrics use is shown with who gave what.
 */
export function IntentLabel({ turnId }: { turnId: string }) {
  const { annotator, votes, pending, intent, give } = useSessionLabels();
  const key = itemKeys.intent(turnId);
  const summary = votes(key);
  const waiting = pending(key);
  const mine = waiting?.kind === 'intent' ? waiting : summary?.mine ?? null;
  const resolved = intent(turnId);
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? mine?.intents?.join(', ') ?? resolved?.intents.join(', ') ?? '';
  const chosen = mine?.retrieval_intent ?? null;
  const submit = async (retrievalIntent: boolean | null) => {
    if (retrievalIntent === null) return;
    if (await give({ kind: 'intent', turn_id: turnId, retrieval_intent: retrievalIntent, intents: parseIntents(text) })) setDraft(null);
  };
  const disabled = !annotator;
  const hint = annotator ? undefined : 'Name yourself to label';
  return (
    <form className="label-row intent-label" aria-label={`Intent of ${turnId}`} onSubmit={(event) => { event.preventDefault(); void submit(chosen); }}>
      <span className="text-soft">retrieval intent</span>
      {resolved
        ? <span>resolved <strong>{resolved.retrieval_intent ? 'yes' : 'no'}</strong>{resolved.intents.length > 0 && ` (${resolved.intents.join(', ')})`}</span>
        : <span className="text-soft">not labeled</span>}
      <span className={`grade-buttons${waiting ? ' saving' : ''}`} role="group" aria-label={`Retrieval intent of ${turnId}`} title={hint}>
        {([true, false] as const).map((value) => (
          <button key={String(value)} type="button" className="grade-button" aria-pressed={chosen === value} disabled={disabled} title={hint}
            onClick={() => void submit(value)}>{value ? 'yes' : 'no'}</button>
        ))}
      </span>
      <input type="text" className="intents-input" value={text} placeholder="intents, comma-separated" aria-label={`Intents of ${turnId}`} disabled={disabled}
        title={hint} onChange={(event) => setDraft(event.currentTarget.value)} />
      <button type="submit" className="label-link" disabled={disabled || chosen === null || draft === null}
        title={chosen === null ? 'Choose yes or no first' : 'Save the intents with your yes/no'}>Save</button>
      <VoteLine summary={summary} label={`the intent of ${turnId}`} />
    </form>
  );
}
