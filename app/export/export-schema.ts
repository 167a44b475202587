import type { SchemaElement } from 'hyparquet';
import type { ColumnKind, ColumnSpec } from '../schema/columns';

const optional = 'OPTIONAL' as const;

const leaf = (name: string, kind: Exclude<ColumnKind, 'strings' | 'numbers'>): SchemaElement => {
  switch (kind) {
    case 'string':
      return { name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: optional };
    case 'number':
      return { name, type: 'DOUBLE', repetition_type: optional };
    case 'int':
      return { name, type: 'INT32', repetition_type: optional };
    case 'boolean':
      return { name, type: 'BOOLEAN', repetition_type: optional };
  }
};

/** The standard three-level LIST (a `list` group repeating one `element`), as Arrow, DuckDB and Spark write it. */
const list = (name: string, item: SchemaElement): SchemaElement[] => [
  { name, repetition_type: optional, converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  { ...item, name: 'element' },
];

function columnElements(column: ColumnSpec): SchemaElement[] {
  if (column.name === 'extra') return [{ name: 'extra', type: 'BYTE_ARRAY', converted_type: 'JSON', repetition_type: optional }];
  if (column.kind === 'strings') return list(column.name, leaf('element', 'string'));
  if (column.kind === 'numbers') return list(column.name, leaf('element', 'number'));
  return [leaf(column.name, column.kind)];
}

/**
 * The Parquet schema of a table's columns: strings as UTF8, numbers (and `ts`, epoch ms) as DOUBLE,
 * lists as LIST<UTF8> / LIST<DOUBLE>, and `extra` (the unknown fields) as a JSON column, which
 * the import reads back as the event's further fields.
 */
export function parquetSchemaOf(columns: ColumnSpec[]): SchemaElement[] {
  return [{ name: 'root', num_children: columns.length }, ...columns.flatMap(columnElements)];
}
