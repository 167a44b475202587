import type { RowOf } from '../core/row-spec';
import { sql, type SqlQuery } from '../core/sql-query';

export const ASSET_SEARCH_ROW = {
  asset_id: 'string',
  title: 'string|null',
  kind: 'string|null',
} as const;

export type AssetSearchRow = RowOf<typeof ASSET_SEARCH_ROW>;

export const ASSET_SEARCH_LIMIT = 20;

/** `%text%` for ILIKE … ESCAPE '\': a `%`, `_` or `\` the user typed matches itself. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Catalog entries (asset_catalog) whose id or title contains `text`, case-insensitive: the exact
 * id first, then ids starting with it, then ids containing it, then title matches; at most
 * `limit`. Blank text matches nothing.
 */
export function assetSearchQuery(text: string, limit = ASSET_SEARCH_LIMIT): SqlQuery {
  const needle = text.trim();
  const pattern = containsPattern(needle);
  const prefix = containsPattern(needle).slice(1);
  return sql`
SELECT asset_id, title, kind FROM asset_catalog
WHERE ${needle} <> '' AND (asset_id ILIKE ${pattern} ESCAPE '\\' OR title ILIKE ${pattern} ESCAPE '\\')
ORDER BY CASE WHEN lower(asset_id) = lower(${needle}) THEN 0
              WHEN asset_id ILIKE ${prefix} ESCAPE '\\' THEN 1
              WHEN asset_id ILIKE ${pattern} ESCAPE '\\' THEN 2
              ELSE 3 END,
         asset_id
LIMIT CAST(${limit} AS BIGINT)`;
}
