import type { ColumnSpec } from './columns';

const text = (name: string): ColumnSpec => ({ name, kind: 'string' });
const int = (name: string): ColumnSpec => ({ name, kind: 'int' });

/**
 * The columns of a sessions-summary file (`retrieval-inspector export --sessions-summary`): one
 * row per session of a dataset too large for a tab, with the Sessions list's counts and signals
 * (but drift, which needs the events), its first and last ts (epoch ms) and its first category.
 */
export const SESSIONS_SUMMARY_COLUMNS: ColumnSpec[] = [
  text('session_id'), text('user_id'), text('surface'), text('run_id'), text('category'),
  { name: 'start_ts', kind: 'number' }, { name: 'end_ts', kind: 'number' }, { name: 'duration_ms', kind: 'number' },
  int('events'), int('prompts'), int('retrievals'), int('actions'),
  int('masked'), int('orf'), int('empty'), int('clarify'), int('handoff'), int('down'), int('wrong'), text('worst_verdict'),
  int('rewrite'), int('completion'),
];

/** The table a loaded summary file's rows land in, with the file they came from. */
export const SUMMARY_SESSIONS_TABLE = 'summary_sessions';
export const SUMMARY_SESSIONS_TABLE_COLUMNS: ColumnSpec[] = [{ name: 'file_id', kind: 'int' }, ...SESSIONS_SUMMARY_COLUMNS];
