/**
 * `asset_catalog`: one row per `asset_id` from the `asset` events, what every screen labels an
 * asset with.
 *
 * docs/log-format.md does not say which entry wins when several files list the same asset. A catalog
 * entry is a description that a later export updates, so the last loaded wins: each field comes
 * from the entry with the highest `seq` that gives it (arg_max skips NULLs, so a later entry
 * without a `title` keeps the earlier title).
 */
export const ASSET_CATALOG_VIEW_SQL = `
CREATE OR REPLACE VIEW asset_catalog AS
SELECT asset_id, arg_max(title, seq) AS title, arg_max(kind, seq) AS kind, arg_max(text, seq) AS text
FROM assets
GROUP BY asset_id;`;
