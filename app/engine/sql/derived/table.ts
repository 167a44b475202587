import type { EventType } from '../../../schema/event-types';
import type { SqlDialect } from '../dialect';

/** What a derived table reads: an event type's table, the `files` table, or another derived table. */
export type DerivedInput = EventType | 'files' | (string & {});

/**
 * The rows a definition computes: all of them (null), or at least those whose key is in
 * `relation` (a table with the key columns, named as in the derived table).
 */
export type KeyScope = { relation: string } | null;

/**
 * `expressions IN` the scope's keys, or TRUE for a full build. `columns` names the key columns
 * the expressions stand for, in order (by default the expressions themselves).
 */
export const keyIn = (scope: KeyScope, expressions: string, columns = expressions): string =>
  scope ? `(${expressions}) IN (SELECT ${columns} FROM ${scope.relation})` : 'TRUE';

/**
 * One table derived from the loaded events. `select` is its one definition: with a scope it may
 * skip rows that cannot affect the scope's keys (the caller keeps exactly those keys' rows).
 * Its `dialect` is DuckDB's unless given (ClickHouse builds the metric tables whole: ../../clickhouse/).
 */
export interface DerivedTable {
  name: string;
  reads: readonly DerivedInput[];
  select(scope: KeyScope, dialect?: SqlDialect): string;
  /** Columns whose rows are recomputed together; a table without a key is always rebuilt whole. */
  key?: readonly string[];
  /**
   * Per input: SQL selecting the keys (in `key` order) whose rows change when the rows of
   * `changed` were appended to that input (for a derived input: when the rows of those keys
   * were recomputed); null when such a change leaves this table as it is. An input missing
   * here rebuilds the table whole.
   */
  keysChangedBy?: Partial<Record<DerivedInput, (changed: string) => string | null>>;
}
