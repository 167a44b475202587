/** Quotes an identifier for DuckDB; values are always bound with `?`, never spliced. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
