import { GIVEN_LABELS_FILE_ID } from '../../../schema/given-label';

export interface LabelCountRow {
  /** Null for labels that name no annotator. */
  annotator: string | null;
  kind: string;
  labels: number;
  given_here: number;
}

/** Labels per annotator and kind, and how many of them were given in this browser. */
export const LABEL_COUNTS_SQL = `
SELECT annotator, kind, count(*)::INTEGER AS labels,
       count(*) FILTER (WHERE file_id = ${GIVEN_LABELS_FILE_ID})::INTEGER AS given_here
FROM events_label GROUP BY ALL ORDER BY annotator NULLS LAST, kind`;
