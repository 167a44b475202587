import { RESOLVED_LABELS_SQL } from '../labels';
import { ACTION_LINEAGE_SQL } from '../lineage';
import { RETRIEVAL_BASE_SQL } from './retrieval-base';
import { PROMPT_FACTS_SQL } from './tier0';
import { COMPLETION_FACTS_SQL } from './tier3';

/**
 * Every table the metrics derive from the data alone, in dependency order. They change only
 * when the loaded events change; a settings change reads them and rebuilds `retrieval_facts`.
 */
export const DERIVED_TABLE_STATEMENTS: readonly { table: string; sql: string }[] = [
  { table: 'action_lineage', sql: ACTION_LINEAGE_SQL },
  { table: 'resolved_relevance, resolved_roles, resolved_intents', sql: RESOLVED_LABELS_SQL },
  { table: 'retrieval_base', sql: RETRIEVAL_BASE_SQL },
  { table: 'completion_facts', sql: COMPLETION_FACTS_SQL },
  { table: 'prompt_facts', sql: PROMPT_FACTS_SQL },
];

/**
 * What the derived tables were built from: the loaded files and the events table's size. A
 * load, a cancelled file or a clear changes it.
 */
export const DATA_FINGERPRINT_SQL = `
SELECT (SELECT count(*) FROM events)::VARCHAR || '/' ||
       (SELECT coalesce(string_agg(file_id::VARCHAR || ':' || events::VARCHAR || '@' || loaded_at::VARCHAR, ',' ORDER BY file_id), '') FROM files)
       AS fingerprint`;

export const DERIVED_STATE_TABLE_SQL = `CREATE TABLE IF NOT EXISTS derived_tables_state (fingerprint VARCHAR);`;
