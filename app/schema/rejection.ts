/** Why an input line was rejected (the event is not stored) or warned about (it is stored). */
export const REJECTION_REASONS = {
  invalid_json: 'invalid JSON',
  invalid_csv: 'invalid CSV row',
  invalid_text: 'unreadable text (not UTF-8, a NUL, too long)',
  not_object: 'not a JSON object',
  unknown_type: 'unknown event type',
  missing_field: 'missing required field',
  wrong_type: 'wrong type',
  duplicate_retrieval_id: 'duplicate retrieval_id',
  bad_ts: 'unparseable ts',
  unknown_reference: 'reference to an unknown id',
  duplicate_event_id: 'duplicate event_id',
  rewrite_cycle: 'rewrite_of leads back to itself',
  too_deep: 'nested too deep',
  unreadable_row: 'unreadable row (a damaged part of a Parquet file)',
  internal_error: 'internal error',
} as const;

export type RejectionReason = keyof typeof REJECTION_REASONS;

/** A reason code in words; a code this app does not know (from a restored export) as itself. */
export const reasonText = (code: string): string => (Object.hasOwn(REJECTION_REASONS, code) ? REJECTION_REASONS[code as RejectionReason] : code);

export interface Rejection {
  reason: RejectionReason;
  field: string | null;
  message: string;
}

/** A rejected or warned line, as stored in the `rejected` table. */
export interface RejectedRow {
  file_id: number;
  file: string;
  line: number;
  severity: 'rejected' | 'warning';
  reason: RejectionReason;
  field: string | null;
  message: string;
  raw: string;
}
