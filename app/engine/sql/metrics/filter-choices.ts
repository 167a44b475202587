import { specOf } from '../core/row-spec';

/** A value one of the Metrics filters can take: a retriever, a run_id or a category seen in the data. */
export interface FilterChoiceRow {
  filter: 'retriever' | 'run_id' | 'category';
  value: string;
}

export const FILTER_CHOICE_ROW = specOf<FilterChoiceRow>()({ filter: 'string', value: 'string' });

/**
 * The values the retriever, run and category filters offer, sorted: retrievers of the retrievals,
 * run_ids of any event, categories logged on prompts and gates (every event's category comes from
 * these, event-scope.ts). Reads the loaded events only, no derived table.
 */
export const FILTER_CHOICES_SQL = `
SELECT filter, value FROM (
  SELECT DISTINCT 'retriever' AS filter, retriever AS value FROM retrievals WHERE retriever IS NOT NULL
  UNION
  SELECT DISTINCT 'run_id', run_id FROM events WHERE run_id IS NOT NULL
  UNION
  SELECT DISTINCT 'category', category FROM prompts WHERE category IS NOT NULL
  UNION
  SELECT DISTINCT 'category', category FROM gates WHERE category IS NOT NULL
)
ORDER BY filter, value`;
