/**
 * The signals the sessions list counts per session, filters by (`has=`) and sorts by. Each
 * counts events (or retrievals, or drift flags) of the session; the rule of each lives in one
 * place: the SQL of engine/sql/session-signals.ts, drift from the drift analysis.
 */
export const SESSION_SIGNALS = ['masked', 'orf', 'empty', 'failed', 'drift', 'clarify', 'handoff', 'down', 'wrong', 'rewrite', 'completion'] as const;
export type SessionSignal = (typeof SESSION_SIGNALS)[number];

export interface SessionSignalDefinition {
  /** Column header. */
  label: string;
  /** What one count is, for the header's tooltip and the filter's menu. */
  counts: string;
}

export const SESSION_SIGNAL_DEFINITIONS: Record<SessionSignal, SessionSignalDefinition> = {
  masked: { label: 'masked', counts: 'Masked retrieval failures: judged Tier 1 bad at the shared K and threshold, with no ORF signal' },
  orf: { label: 'ORF', counts: 'Retrievals with an observable retrieval failure (complaint or reject, down-vote, re-search, agent bypass)' },
  empty: { label: 'empty', counts: 'Retrievals that returned nothing (failed ones not included)' },
  failed: { label: 'failed', counts: 'Failed retrievals: the retriever raised an error and returned nothing' },
  drift: { label: 'drift', counts: 'Search-drift flags of the multi-hop questions run in the session' },
  clarify: { label: 'clarify', counts: 'Gate decisions to ask the user to clarify' },
  handoff: { label: 'handoff', counts: 'Gate decisions to hand off to a person' },
  down: { label: 'thumbs-down', counts: 'Down-votes' },
  wrong: { label: 'review', counts: 'Answers a reviewer marked wrong, partial or unsupported (the column shows the worst verdict)' },
  rewrite: { label: 'rewrites', counts: 'Prompts or retrievals that rephrase an earlier one (rewrite_of)' },
  completion: { label: 'completions', counts: 'User exports, shares and downloads' },
};

export const isSessionSignal = (value: string): value is SessionSignal => (SESSION_SIGNALS as readonly string[]).includes(value);
