import type { RefObject } from 'react';
import { pluralize } from '../../lib/format';
import { agreementUrl } from '../../links/agreement';
import type { TurnRetrievalRow } from '../../engine/sql/annotation/queue-item-context';
import type { ItemLabelRow } from '../../model/annotation/item-labels';
import { summarizeVotes } from '../../model/annotation/vote-summary';
import { releaseAfterClick } from './item-view';
import { VoteLine } from './VoteLine';

interface IntentFormProps {
  turnId: string;
  labels: readonly ItemLabelRow[];
  annotator: string;
  retrievals: readonly TurnRetrievalRow[];
  intents: string;
  intentsRef: RefObject<HTMLInputElement | null>;
  onIntents(text: string): void;
  onIntent(yes: boolean): void;
}

/** Did the prompt call for retrieval, and which intents does it hold (two or more: a multi-intent prompt)? */
export function IntentForm({ turnId, labels, annotator, retrievals, intents, intentsRef, onIntents, onIntent }: IntentFormProps) {
  const votes = summarizeVotes(labels.filter((label) => label.kind === 'intent'), annotator);
  const mine = votes.mine?.retrieval_intent ?? null;
  return (
    <section className="annotate-picker" aria-label="Retrieval intent">
      <p className="text-soft">
        What the agent did: {retrievals.length === 0 ? 'no retrieval' : retrievals.map((r) => `“${r.query ?? '—'}” (${r.role ?? 'no role'}, ${pluralize(r.result_count, 'result')})`).join('; ')}.
      </p>
      <label className="annotate-intents">
        <span>Intents <kbd>i</kbd> <span className="text-soft">comma-separated, given with y / n</span></span>
        <input ref={intentsRef} type="text" value={intents} onChange={(event) => onIntents(event.target.value)} placeholder="e.g. find_image, edit_image" aria-label="Intents" />
      </label>
      <div className="annotate-choices" role="group" aria-label="Retrieval intent">
        {([true, false] as const).map((yes) => (
          <button key={String(yes)} type="button" className="annotate-choice" aria-pressed={mine === yes}
            onClick={(event) => { releaseAfterClick(event); onIntent(yes); }}>
            <kbd>{yes ? 'y' : 'n'}</kbd> {yes ? 'needs retrieval' : 'no retrieval needed'}
          </button>
        ))}
      </div>
      <VoteLine votes={votes} agreement={agreementUrl.href({ kind: 'intent', item: turnId })} />
    </section>
  );
}
