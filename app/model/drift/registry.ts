import { clockUtc } from './format-time';
import type { DriftFlag } from './flags';
import type { SubquestionStateRow, SubquestionStatus } from './rows';

/** One sub-question of a question-run: its states in time order (file order breaks ties). */
export interface SubquestionHistory {
  subquestionId: string;
  /** The latest text the registry gave it. */
  text: string | null;
  states: SubquestionStateRow[];
  lastStatus: SubquestionStatus;
  entities: string[];
}

export function subquestionHistories(states: readonly SubquestionStateRow[]): SubquestionHistory[] {
  const byId = new Map<string, SubquestionStateRow[]>();
  for (const state of states) byId.set(state.subquestion_id, [...(byId.get(state.subquestion_id) ?? []), state]);
  return [...byId.entries()]
    .map(([subquestionId, list]) => {
      const ordered = [...list].sort((a, b) => a.ts - b.ts || a.seq - b.seq);
      return {
        subquestionId,
        text: ordered.findLast((s) => s.text)?.text ?? null,
        states: ordered,
        lastStatus: ordered[ordered.length - 1].status,
        entities: [...new Set(ordered.flatMap((s) => s.entities ?? []))],
      };
    })
    .sort((a, b) => a.states[0].ts - b.states[0].ts || a.states[0].seq - b.states[0].seq || a.subquestionId.localeCompare(b.subquestionId));
}

const quoted = (text: string | null) => (text ? `“${text}”` : 'no note');

/** skipped_active, resolved_without_evidence, retired_without_reason, never_activated: at most one of each per sub-question. */
export function stateFlags(history: SubquestionHistory, questionId: string, runId: string | null): DriftFlag[] {
  const flags: DriftFlag[] = [];
  const flag = (kind: DriftFlag['kind'], state: SubquestionStateRow, detail: string) =>
    flags.push({ kind, session_id: state.session_id, question_id: questionId, run_id: runId, subquestion_id: history.subquestionId, event: { seq: state.seq, event_id: state.event_id }, detail });
  const { states, subquestionId: id } = history;

  const skip = states.findIndex((s, i) => i > 0 && states[i - 1].status === 'pending' && s.status === 'resolved');
  if (skip > 0) flag('skipped_active', states[skip], `${id} went from pending (${clockUtc(states[skip - 1].ts)}) to resolved (${clockUtc(states[skip].ts)}) without being active.`);

  const bare = states.filter((s) => s.status === 'resolved' && !s.evidence_ids?.length);
  if (bare.length) flag('resolved_without_evidence', bare[0], `${id} was resolved at ${clockUtc(bare[0].ts)} with ${quoted(bare[0].note)} and no evidence_ids${bare.length > 1 ? ` (${bare.length} times)` : ''}.`);

  const silent = states.filter((s) => s.status === 'retired' && !s.reason);
  if (silent.length) flag('retired_without_reason', silent[0], `${id} was retired at ${clockUtc(silent[0].ts)} without a reason${silent.length > 1 ? ` (${silent.length} times)` : ''}.`);

  const last = states[states.length - 1];
  if (last.status === 'pending') {
    const everActive = states.some((s) => s.status === 'active');
    flag('never_activated', last, `${id}’s last state is pending (since ${clockUtc(last.ts)})${everActive ? ', after having been active' : '; it was never active'}.`);
  }
  return flags;
}
