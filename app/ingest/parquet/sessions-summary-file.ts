import { SESSIONS_SUMMARY_COLUMNS } from '../../schema/sessions-summary';

/** A sessions-summary file (schema/sessions-summary.ts), told by its columns: every one of them, and no `type`. */
export function isSessionsSummaryFile(columns: readonly string[]): boolean {
  return !columns.includes('type') && SESSIONS_SUMMARY_COLUMNS.every((column) => columns.includes(column.name));
}
