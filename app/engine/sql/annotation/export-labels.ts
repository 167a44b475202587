import { GIVEN_LABELS_FILE_ID, type LabelKind } from '../../../schema/given-label';
import { sql, type SqlQuery } from '../core/sql-query';

export interface LabelExportFilter {
  annotator?: string;
  kind?: LabelKind;
  /** Only labels given in this browser. */
  givenHere?: boolean;
}

/**
 * The labels to export, every stored column, in label order (docs/metrics.md: by ts, labels without
 * ts first, then load order), so that loading the export after the logs resolves them the same.
 */
export function exportLabelsQuery({ annotator, kind, givenHere = false }: LabelExportFilter = {}): SqlQuery {
  return sql`
SELECT * EXCLUDE (file_id, line, seq) FROM events_label
WHERE (${annotator ?? null}::VARCHAR IS NULL OR annotator = ${annotator ?? null})
  AND (${kind ?? null}::VARCHAR IS NULL OR kind = ${kind ?? null})
  AND (NOT ${givenHere} OR file_id = ${GIVEN_LABELS_FILE_ID})
ORDER BY ts NULLS FIRST, seq`;
}
