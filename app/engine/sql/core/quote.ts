/** Quotes an identifier for DuckDB; values are always bound with `?`, never spliced. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Quotes a string constant of the code for statements that run without parameters; never user input. */
export const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
