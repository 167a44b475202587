import { RETRIEVAL_ROLES } from '../../schema/given-label';
import { itemKeys, useSessionLabels } from './session-labels-context';
import { VoteLine } from './VoteLine';

/**
 * The retrieval's role: the role logged at call time beside the resolved one metrics use (a
 * label's role wins), and a select to give this annotator's role.
 */
export function RoleLabel({ retrievalId, logged, resolved }: { retrievalId: string; logged: string | null; resolved: string | null }) {
  const { annotator, votes, pending, give } = useSessionLabels();
  const key = itemKeys.role(retrievalId);
  const summary = votes(key);
  const waiting = pending(key);
  const mine = waiting?.kind === 'role' ? waiting.role : (summary?.mine?.role ?? '');
  const roles = mine && !RETRIEVAL_ROLES.includes(mine as (typeof RETRIEVAL_ROLES)[number]) ? [...RETRIEVAL_ROLES, mine] : RETRIEVAL_ROLES;
  return (
    <div className="label-row role-label">
      <span className="text-soft">role</span>
      <span title="what metrics use: a label's role wins over the logged one">resolved <strong className="resolved-role">{resolved ?? 'unknown'}</strong></span>
      <span className="text-soft">· logged {logged ?? 'none'}</span>
      <select aria-label={`Role of ${retrievalId}`} value={mine} disabled={!annotator} className={waiting ? 'saving' : undefined}
        title={annotator ? 'Your role for this retrieval' : 'Name yourself to label'}
        onChange={(event) => event.currentTarget.value && void give({ kind: 'role', retrieval_id: retrievalId, role: event.currentTarget.value })}>
        <option value="">{annotator ? 'label the role…' : 'name yourself to label'}</option>
        {roles.map((role) => <option key={role} value={role}>{role}</option>)}
      </select>
      <VoteLine summary={summary} label={`the role of ${retrievalId}`} />
    </div>
  );
}
