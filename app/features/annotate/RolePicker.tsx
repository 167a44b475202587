import { agreementUrl } from '../../links/agreement';
import type { ItemLabelRow } from '../../model/annotation/item-labels';
import { summarizeVotes } from '../../model/annotation/vote-summary';
import { RETRIEVAL_ROLES } from '../../schema/given-label';
import { releaseAfterClick } from './item-view';
import { VoteLine } from './VoteLine';

/** Why the retrieval was called: the six roles by number (docs/log-format.md), the annotator's own pressed. */
export function RolePicker({ retrievalId, logged, labels, annotator, onPick }: {
  retrievalId: string; logged: string | null; labels: readonly ItemLabelRow[]; annotator: string; onPick(role: string): void;
}) {
  const votes = summarizeVotes(labels.filter((label) => label.kind === 'role'), annotator);
  const mine = votes.mine?.role ?? null;
  return (
    <section className="annotate-picker" aria-label="Retrieval role">
      <p className="text-soft">Logged role: {logged ? <strong>{logged}</strong> : 'none'}. Which role did this retrieval play?</p>
      <div className="annotate-choices" role="group" aria-label="Role">
        {RETRIEVAL_ROLES.map((role, i) => (
          <button key={role} type="button" className="annotate-choice" aria-pressed={mine === role}
            onClick={(event) => { releaseAfterClick(event); onPick(role); }}>
            <kbd>{i + 1}</kbd> {role}
          </button>
        ))}
      </div>
      <VoteLine votes={votes} agreement={agreementUrl.href({ kind: 'role', item: retrievalId })} />
    </section>
  );
}
