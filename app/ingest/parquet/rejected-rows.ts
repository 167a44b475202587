import { REJECTION_REASONS, type RejectedRow, type Rejection, type RejectionReason } from '../../schema/rejection';

/** The columns of a rejected-rows export (dataset-parquet-schema.ts writes them). */
const REJECTED_EXPORT_COLUMNS = ['file', 'line', 'reason', 'message', 'raw'];

/**
 * A Parquet file of rejected rows, told by its columns: it has those of the `rejected` table and
 * no `type`. (A file of events without `type` would reject every row anyway.)
 */
export function isRejectedRowsFile(columns: readonly string[]): boolean {
  return !columns.includes('type') && REJECTED_EXPORT_COLUMNS.every((name) => columns.includes(name));
}

/** A rejected row as it comes back, kept under its original file and line. */
export type RestoredRejection = Omit<RejectedRow, 'file_id'>;

const isReason = (value: unknown): value is RejectionReason => typeof value === 'string' && Object.hasOwn(REJECTION_REASONS, value);
const isText = (value: unknown) => typeof value === 'string';
const optionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string';

/** A row of a rejected-rows file as the rejected row it records, or why it is not one. */
export function restoredRejection(row: Record<string, unknown>): { ok: true; row: RestoredRejection } | { ok: false; rejection: Rejection } {
  const wrong = (field: string, expected: string): { ok: false; rejection: Rejection } => ({
    ok: false,
    rejection: { reason: 'wrong_type', field, message: `"${field}" of a rejected row must be ${expected}, got ${JSON.stringify(row[field] ?? null)}` },
  });
  const { file, line, severity, reason, field, message, raw } = row;
  if (!isText(file)) return wrong('file', 'a string');
  if (typeof line !== 'number' || !Number.isInteger(line)) return wrong('line', 'an integer');
  if (!isReason(reason)) return wrong('reason', `one of ${Object.keys(REJECTION_REASONS).join(', ')}`);
  if (severity !== undefined && severity !== null && severity !== 'rejected' && severity !== 'warning') return wrong('severity', 'rejected or warning');
  if (!isText(message)) return wrong('message', 'a string');
  if (!optionalText(field)) return wrong('field', 'a string');
  if (!optionalText(raw)) return wrong('raw', 'a string');
  return {
    ok: true,
    row: {
      file: file as string, line, severity: severity === 'warning' ? 'warning' : 'rejected', reason,
      field: (field as string | undefined) ?? null, message: message as string, raw: (raw as string | undefined) ?? '',
    },
  };
}
