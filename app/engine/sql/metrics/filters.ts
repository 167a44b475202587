import type { MetricSettings } from '../../../model/metrics/settings';
import { joinSql, rawSql, sql, valueList, type SqlQuery } from './sql-query';

/** The columns a section filters on, as named in its FROM clause. */
export interface FilterColumns {
  ts: string;
  surface: string;
  /** The effective role; sections whose unit has no role (prompts, feedback) leave it out. */
  role?: string;
}

/**
 * One filter for every section: each section keeps the units whose own `surface` is among
 * the chosen surfaces, whose own `ts` is in [from, to) and, where the unit is a retrieval
 * (or is attributed to one), whose effective role is among the chosen roles.
 */
export function settingsFilter(settings: MetricSettings, columns: FilterColumns): SqlQuery {
  const parts: SqlQuery[] = [rawSql('TRUE')];
  if (settings.surfaces?.length) parts.push(sql`${rawSql(columns.surface)} IN ${valueList(settings.surfaces)}`);
  if (settings.roles?.length && columns.role) parts.push(sql`${rawSql(columns.role)} IN ${valueList(settings.roles)}`);
  if (settings.from !== undefined) parts.push(sql`${rawSql(columns.ts)} >= ${settings.from}`);
  if (settings.to !== undefined) parts.push(sql`${rawSql(columns.ts)} < ${settings.to}`);
  return joinSql(parts, ' AND ');
}
