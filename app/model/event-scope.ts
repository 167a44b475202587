/**
 * Which events a count is taken over, beside the Metrics settings: the screens that split logs
 * of several assistants (gate & feedback, and the sessions they link to) narrow by these.
 * null = any. `system` is the event's `run_id` (docs/log-format.md: the system variant).
 */
export interface EventScope {
  surface: string | null;
  category: string | null;
  system: string | null;
  /** ISO week of the event's ts, `2026-W07`. */
  week: string | null;
}

export const ANY_SCOPE: EventScope = { surface: null, category: null, system: null, week: null };

export const isAnyScope = (scope: EventScope) => Object.values(scope).every((value) => value === null);
