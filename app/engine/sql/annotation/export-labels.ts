import { GIVEN_LABELS_FILE_ID, type LabelKind } from '../../../schema/given-label';
import { TYPE_COLUMNS } from '../../../schema/columns';
import { PROVENANCE_COLUMNS } from '../../../schema/fields';
import type { Engine } from '../../engine';
import { specOfColumns } from '../core/row-spec';
import { run } from '../core/run';
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

/** Every column `exportLabelsQuery` reads: the label table's, but where the load stored it. */
const EXPORTED_LABEL_ROW = specOfColumns(TYPE_COLUMNS.label.filter((column) => !Object.hasOwn(PROVENANCE_COLUMNS, column.name)));

/** The rows of the labels to export (`labelEventsJsonl` writes them as events). */
export const exportedLabelRows = (engine: Engine, filter: LabelExportFilter = {}) => run(engine, exportLabelsQuery(filter), EXPORTED_LABEL_ROW);
