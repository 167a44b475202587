import type { GateView } from '../../links/gate';
import { sessionsUrl } from '../../links/sessions';
import { NO_CATEGORY, type GateDecision } from '../../model/gate/decisions';
import type { SessionSignal } from '../../model/session/signals';

/** A link from a count to the Sessions list, and what it opens, for the link's title. */
export interface SessionsLink {
  href: string;
  title: string;
}

/** What a count narrows the screen's filters to: its row's category, its column's ISO week, a query text. */
export interface CountNarrowing {
  category?: string;
  week?: string;
  search?: string;
}

const WHAT: Partial<Record<SessionSignal, string>> = {
  clarify: 'a gate decision to clarify',
  handoff: 'a gate decision to hand off',
  down: 'a down-vote',
  wrong: 'an answer reviewed wrong, partial or unsupported',
};

/**
 * The Sessions list filtered to the sessions behind a count: those with an event of `signal` in
 * the screen's scope (surface, category, system) narrowed to the count's category and week.
 * null when no link can say exactly that: a count of gates with no category (the list cannot
 * ask for "no category").
 */
export function sessionsBehind(view: GateView, signal: SessionSignal, narrowing: CountNarrowing = {}): SessionsLink | null {
  if (narrowing.category === NO_CATEGORY) return null;
  const category = narrowing.category ?? view.category;
  const week = narrowing.week ?? null;
  const where = [category, week, view.surface, view.system && `system ${view.system}`].filter(Boolean).join(' · ');
  const mentioning = narrowing.search ? ` and mentioning “${narrowing.search}”` : '';
  return {
    href: sessionsUrl.href({ has: [signal], surface: view.surface, category, system: view.system, week, search: narrowing.search ?? null }),
    title: `Open the sessions with ${WHAT[signal] ?? signal}${where ? ` (${where})` : ''}${mentioning}`,
  };
}

/**
 * A decision's sessions: clarify and handoff have a session signal; an answer has none (nearly
 * every session has one), so answer counts are not linked.
 */
export function decisionSessions(view: GateView, decision: GateDecision, narrowing: CountNarrowing = {}): SessionsLink | null {
  return decision === 'answer' ? null : sessionsBehind(view, decision, narrowing);
}
