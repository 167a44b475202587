import type { SchemaElement } from 'hyparquet';
import { formatCount } from '../../lib/format';
import { MAX_SCHEMA_DEPTH } from './parquet-limits';

/** A physical column of the schema (a leaf), in the order row groups list their column chunks. */
export interface SchemaLeaf {
  /** Its names from the top, joined by dots, as `path_in_schema` names it. */
  path: string;
  element: SchemaElement;
  /** A list lies on its path: it has a value per list item, not per row. */
  repeated: boolean;
}

/** Converted types hyparquet refuses to decode. */
const UNREADABLE_TYPES = new Set(['BSON', 'INTERVAL']);

interface Group {
  name: string;
  remaining: number;
  repeated: boolean;
}

/**
 * The schema's leaves, or why the schema cannot be read: it is a flat list in which each group
 * says how many elements follow as its children, so a damaged count or a schema nested
 * thousands deep is found here, walking with an explicit stack, before a reader recurses through it.
 */
export function schemaLeaves(schema: readonly SchemaElement[]): { ok: true; leaves: SchemaLeaf[] } | { ok: false; problem: string } {
  const fail = (problem: string) => ({ ok: false as const, problem });
  const rootChildren = schema[0]?.num_children ?? 0;
  if (!isCount(rootChildren) || rootChildren === 0) return fail('its schema has no columns');
  const open: Group[] = [{ name: '', remaining: rootChildren, repeated: false }];
  const leaves: SchemaLeaf[] = [];
  for (let i = 1; i < schema.length; i++) {
    while (open.length > 0 && open[open.length - 1].remaining === 0) open.pop();
    if (open.length === 0) return fail(`its schema lists ${formatCount(schema.length - i)} more elements than its columns hold`);
    const parent = open[open.length - 1];
    parent.remaining--;
    const element = schema[i];
    if (typeof element.name !== 'string') return fail('its schema has a column without a name');
    const top = open.length === 1 ? element.name : open[1].name;
    if (open.length > MAX_SCHEMA_DEPTH) return fail(`its column "${top}" is nested more than ${formatCount(MAX_SCHEMA_DEPTH)} levels deep, deeper than this app reads`);
    const repeated = parent.repeated || element.repetition_type === 'REPEATED';
    const children = element.num_children ?? 0;
    if (!isCount(children) || children > schema.length - i - 1) return fail(`its schema says the column "${element.name}" has ${formatCount(Number(children))} parts, but the schema ends before them`);
    if (children > 0) {
      open.push({ name: element.name, remaining: children, repeated });
      continue;
    }
    const path = [...open.slice(1).map((group) => group.name), element.name].join('.');
    if (!element.type) return fail(`its column "${path}" has a storage type this app does not know`);
    if (element.type === 'FIXED_LEN_BYTE_ARRAY' && !(isCount(element.type_length) && element.type_length > 0)) return fail(`its column "${path}" has values of a fixed length that is not given`);
    if (element.converted_type && UNREADABLE_TYPES.has(element.converted_type)) return fail(`its column "${path}" holds ${element.converted_type} values, which this app cannot read`);
    leaves.push({ path, element, repeated });
  }
  while (open.length > 0 && open[open.length - 1].remaining === 0) open.pop();
  if (open.length > 0) return fail('its schema ends before its last column');
  return { ok: true, leaves };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
