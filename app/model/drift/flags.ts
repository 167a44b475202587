/** The flags of docs/metrics.md "Search drift", each counted over its own kind of item. */
export const DRIFT_FLAG_KINDS = [
  'orphan_query',
  'entity_drift',
  'skipped_active',
  'resolved_without_evidence',
  'retired_without_reason',
  'never_activated',
  'not_asked',
  'unreachable',
  'insufficient_evidence',
] as const;

export type DriftFlagKind = (typeof DRIFT_FLAG_KINDS)[number];

export interface DriftFlagDefinition {
  label: string;
  /** What one flag counts (docs/metrics.md "The report"). */
  item: 'retrieval' | 'sub-question' | 'gold passage' | 'question-run';
  /** Why the flag fires, in one line. */
  rule: string;
}

export const DRIFT_FLAGS: Record<DriftFlagKind, DriftFlagDefinition> = {
  orphan_query: { label: 'Orphan query', item: 'retrieval', rule: 'The retrieval names no sub-question, or its sub-question was not active at the retrieval’s time.' },
  entity_drift: { label: 'Entity drift', item: 'retrieval', rule: 'The query names an entity that belongs to neither this question nor its sub-questions.' },
  skipped_active: { label: 'Skipped active', item: 'sub-question', rule: 'The sub-question went straight from pending to resolved, never active.' },
  resolved_without_evidence: { label: 'Resolved without evidence', item: 'sub-question', rule: 'A resolved state carries a note but no evidence_ids.' },
  retired_without_reason: { label: 'Retired without reason', item: 'sub-question', rule: 'A retired state carries no reason.' },
  never_activated: { label: 'Never activated', item: 'sub-question', rule: 'The sub-question’s last state is pending: it was never worked on.' },
  not_asked: { label: 'Not asked', item: 'gold passage', rule: 'A gold passage no retrieval of this run returned, though another retrieval in the loaded logs did: reachable, so search drift.' },
  unreachable: { label: 'Unreachable so far', item: 'gold passage', rule: 'A gold passage no retrieval in the loaded logs returned: a retriever problem, or not yet proven reachable.' },
  insufficient_evidence: { label: 'Insufficient evidence', item: 'question-run', rule: 'Answered although a resolved sub-question has no evidence, or none of the resolved evidence is gold.' },
};

/** An event by its load order (`seq`) and its `event_id`. */
export interface FlaggedEvent {
  seq: number;
  event_id: string | null;
}

/** One flagged item; the report lists it without `asset_id` and `event` (see report.ts). */
export interface DriftFlag {
  kind: DriftFlagKind;
  session_id: string | null;
  question_id: string;
  run_id: string | null;
  retrieval_id?: string;
  subquestion_id?: string;
  /** The gold passage of an evidence flag. */
  asset_id?: string;
  /**
   * The one event the flag is about (in the flag's session): the retrieval of a query flag, the
   * registry state that raised a state flag. Evidence flags have none (see flag-placement.ts).
   */
  event?: FlaggedEvent;
  detail: string;
}

export type FlagCounts = Record<DriftFlagKind, number>;

export function countFlags(flags: readonly DriftFlag[]): FlagCounts {
  const counts = Object.fromEntries(DRIFT_FLAG_KINDS.map((kind) => [kind, 0])) as FlagCounts;
  for (const flag of flags) counts[flag.kind] += 1;
  return counts;
}
