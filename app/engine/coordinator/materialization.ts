import type { SqlQuery } from '../sql/core/sql-query';

/**
 * A table computed from the data by one query: settings-dependent facts that several reads share.
 * Its name is `base` plus a hash of the query (text and values), so two settings never share a
 * table and a table always holds what its name says.
 */
export interface Materialization {
  name: string;
  select: SqlQuery;
}

export function materialization(base: string, select: SqlQuery): Materialization {
  return { name: `${base}_${fnv1a64(`${select.sql}\u0000${JSON.stringify(select.params)}`)}`, select };
}

/** A name made by `materialization`: the hash suffix is what tells it from a settings-free name. */
export const MATERIALIZATION_NAME = /_[0-9a-f]{16}$/;

/** FNV-1a, 64 bits, as 16 hex digits: stable across runs and platforms, collisions out of reach for a few tables. */
function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}
