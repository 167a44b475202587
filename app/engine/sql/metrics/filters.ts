import type { ListFilter, MetricSettings } from '../../../model/metrics/settings';
import { joinSql, sql, valueList, type SqlQuery } from '../core/sql-query';

/** The columns a section filters on, as named in its FROM clause (or an expression over them). */
export interface FilterColumns {
  ts: SqlQuery;
  surface: SqlQuery;
  /** The unit's `run_id`. */
  runId: SqlQuery;
  /** The unit's category by the one rule of event-scope.ts (own, else its turn's prompt's, …). */
  category: SqlQuery;
  /** The effective role; sections whose unit has no role (prompts, feedback) leave it out. */
  role?: SqlQuery;
  /** The retriever; like `role`, only where the unit is (or is attributed to) a retrieval. */
  retriever?: SqlQuery;
}

/** The filter columns of a unit whose own columns are named as the filters name them (ts, surface, run_id, category). */
export const OWN_COLUMNS: FilterColumns = { ts: sql`ts`, surface: sql`surface`, runId: sql`run_id`, category: sql`category` };

/**
 * One filter for every section: each section keeps the units whose own `surface`, `run_id`
 * and category are among the chosen ones, whose own `ts` is in [from, to) and, where the unit
 * is a retrieval (or is attributed to one), whose effective role and retriever are among the
 * chosen ones.
 */
export function settingsFilter(settings: MetricSettings, columns: FilterColumns): SqlQuery {
  const parts = [
    ...amongChosen(settings, columns),
    ...(settings.from === undefined ? [] : [sql`${columns.ts} >= ${settings.from}`]),
    ...(settings.to === undefined ? [] : [sql`${columns.ts} < ${settings.to}`]),
  ];
  return joinSql([sql`TRUE`, ...parts], ' AND ');
}

/**
 * What a unit attributed to a retrieval (a Tier 3 completion) asks of that retrieval: its
 * effective role and retriever among the chosen ones. TRUE without a role or retriever filter.
 */
export function attributedRetrievalFilter(settings: MetricSettings, columns: { role: SqlQuery; retriever: SqlQuery }): SqlQuery {
  return joinSql([sql`TRUE`, ...amongChosen({ roles: settings.roles, retrievers: settings.retrievers }, columns)], ' AND ');
}

const LIST_COLUMNS = [
  ['surfaces', 'surface'],
  ['roles', 'role'],
  ['retrievers', 'retriever'],
  ['runIds', 'runId'],
  ['categories', 'category'],
] as const satisfies readonly (readonly [ListFilter, keyof FilterColumns])[];

function amongChosen(settings: Pick<MetricSettings, ListFilter>, columns: Partial<FilterColumns>): SqlQuery[] {
  return LIST_COLUMNS.flatMap(([list, name]) => {
    const column = columns[name];
    const values = settings[list];
    return column && values?.length ? [sql`${column} IN ${valueList(values)}`] : [];
  });
}

/** Whether the settings keep units by category: only then does a section need to work out its units' categories. */
export const filtersByCategory = (settings: MetricSettings) => (settings.categories?.length ?? 0) > 0;
