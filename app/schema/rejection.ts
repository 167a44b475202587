/** Why an input line was rejected (the event is not stored) or warned about (it is stored). */
export const REJECTION_REASONS = {
  invalid_json: 'invalid JSON',
  not_object: 'not a JSON object',
  unknown_type: 'unknown event type',
  missing_field: 'missing required field',
  wrong_type: 'wrong type',
  duplicate_retrieval_id: 'duplicate retrieval_id',
  bad_ts: 'unparseable ts',
  unknown_reference: 'reference to an unknown id',
} as const;

export type RejectionReason = keyof typeof REJECTION_REASONS;

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
