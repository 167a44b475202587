import { EVENT_FIELDS, type EventFieldName, type FieldKind } from './fields';
import { EVENT_TYPES, EVENT_TYPE_NAMES, LABEL_KIND_REQUIRED, type EventType, type EventTypeSpec } from './event-types';
import { readTimestamp, timestampMs } from './parse-ts';
import { TYPE_COLUMNS, type Cell } from './columns';
import { deeperThan, MAX_NESTING, quoteValue } from './nesting';
import type { Rejection } from './rejection';
import { readStages } from './stages';
import type { IdSet } from '../lib/id-set';

export type FieldValues = Partial<Record<EventFieldName, string | number | boolean | string[] | number[]>>;

export interface ValidEvent {
  values: FieldValues;
  /** Unknown fields as JSON object text, or null. */
  extra: string | null;
}

export type Validation = { ok: true; event: ValidEvent } | { ok: false; rejection: Rejection };

const rejection = (reason: Rejection['reason'], field: string | null, message: string): Rejection => ({ reason, field, message });

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) return 'a number too large to keep every digit of (write ids as strings)';
  return `a ${typeof value}`;
}

/** For a list of the wrong items, names the first wrong item and where it stands. */
function describeMismatch(kind: FieldKind, value: unknown): string {
  if (!Array.isArray(value) || (kind !== 'strings' && kind !== 'numbers')) return describe(value);
  const want = kind === 'strings' ? 'string' : 'number';
  const index = value.findIndex((item) => typeof item !== want || (want === 'number' && !Number.isFinite(item)));
  return `a list whose item ${index + 1} is ${describe(value[index])} (${quoteValue(value[index])})`;
}

const EXPECTED: Record<FieldKind, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  strings: 'a list of strings',
  numbers: 'a list of numbers',
  ts: 'an ISO-8601 string or epoch milliseconds',
  stages: 'a list of stages',
};

function conforms(kind: FieldKind, value: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'strings':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'numbers':
      return Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isFinite(item));
    case 'ts':
    case 'stages':
      return true;
  }
}

interface FieldSlot {
  kind: FieldKind;
  /** Index in TYPE_COLUMNS[type]. */
  column: number;
}

interface TypeLayout {
  /**
   * The fields stored in the type's columns; a known field of another type is kept in `extra`.
   * A Map: keys come from the data, and `__proto__` or `constructor` must stay plain keys.
   */
  slots: Map<string, FieldSlot>;
  required: { name: EventFieldName; column: number }[];
  vocabularies: { name: EventFieldName; column: number; allowed: readonly string[] }[];
  /** Columns of fields the checks after the field loop read (-1: the type has none). */
  kind: number;
  query: number;
  retrievalId: number;
  grade: number;
  extra: number;
}

function layoutOf(type: EventType): TypeLayout {
  const spec: EventTypeSpec = EVENT_TYPES[type];
  const columns = TYPE_COLUMNS[type];
  const columnOf = (name: string) => columns.findIndex((column) => column.name === name);
  const slots = new Map<string, FieldSlot>();
  columns.forEach(({ name }, column) => {
    if (Object.hasOwn(EVENT_FIELDS, name)) slots.set(name, { kind: EVENT_FIELDS[name as EventFieldName], column });
  });
  return {
    slots,
    required: spec.required.map((name) => ({ name, column: columnOf(name) })),
    vocabularies: (Object.entries(spec.vocab ?? {}) as [EventFieldName, readonly string[]][]).map(([name, allowed]) => ({ name, column: columnOf(name), allowed })),
    kind: columnOf('kind'),
    query: columnOf('query'),
    retrievalId: columnOf('retrieval_id'),
    grade: columnOf('grade'),
    extra: columnOf('extra'),
  };
}

const LAYOUTS = Object.fromEntries(EVENT_TYPE_NAMES.map((type) => [type, layoutOf(type)])) as Record<EventType, TypeLayout>;

const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

function isEventType(name: string): name is EventType {
  return Object.prototype.hasOwnProperty.call(EVENT_TYPES, name);
}

/**
 * A record's stored fields once checked, by column of its type's table (TYPE_COLUMNS): one array
 * reused from record to record, so checking a record allocates nothing for its known fields.
 */
export class CheckedRow {
  type: EventType = 'prompt';
  /** Column c of TYPE_COLUMNS[type] holds cells[c]: only the first TYPE_COLUMNS[type].length cells count. */
  readonly cells: Cell[] = [];

  /** Starts a record of `type`: the cells of its columns emptied. */
  reset(type: EventType): void {
    this.type = type;
    const { cells } = this;
    for (let c = TYPE_COLUMNS[type].length - 1; c >= 0; c--) cells[c] = undefined;
  }
}

/**
 * Checks one parsed input value against the schema and, while it does, writes its stored fields
 * into `row` (every stored field by column, `ts` in epoch ms, the unknown fields as JSON object
 * text in `extra`; the provenance columns are the caller's). Returns the rejection, or null.
 * `seenRetrievalIds` spans every file of the load so that a duplicate `retrieval_id` is caught
 * across files; a valid retrieval adds its id.
 */
export function validateInto(value: unknown, seenRetrievalIds: IdSet, row: CheckedRow): Rejection | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return rejection('not_object', null, `expected a JSON object, got ${describe(value)}`);
  }
  const input = value as Record<string, unknown>;
  const type = input.type;
  if (isAbsent(type)) return rejection('missing_field', 'type', 'missing required field "type"');
  if (typeof type !== 'string') return rejection('wrong_type', 'type', `"type" must be a string, got ${describe(type)}`);
  if (!isEventType(type)) return rejection('unknown_type', 'type', `unknown event type ${quoteValue(type)}`);
  const layout = LAYOUTS[type];
  const { slots } = layout;
  row.reset(type);
  const { cells } = row;

  let extra: Record<string, unknown> | null = null;
  for (const name in input) {
    const fieldValue = input[name];
    const slot = slots.get(name);
    if (slot === undefined) {
      if (typeof fieldValue === 'object' && fieldValue !== null && deeperThan(fieldValue, MAX_NESTING)) {
        return rejection('too_deep', name, `"${name}" is nested more than ${MAX_NESTING} levels deep`);
      }
      (extra ??= Object.create(null) as Record<string, unknown>)[name] = fieldValue;
      continue;
    }
    if (isAbsent(fieldValue)) continue;
    const { kind } = slot;
    if (kind === 'ts') {
      const ms = timestampMs(fieldValue);
      if (ms !== ms) {
        const reading = readTimestamp(fieldValue) as { problem: string };
        return rejection('bad_ts', name, `"${name}" ${reading.problem}: ${quoteValue(fieldValue)}`);
      }
      cells[slot.column] = ms;
      continue;
    }
    if (kind === 'stages') {
      const read = readStages(fieldValue);
      if (!read.ok) return rejection('wrong_type', name, `"${name}" ${read.problem}`);
      cells[slot.column] = JSON.stringify(read.stages);
      continue;
    }
    if (!conforms(kind, fieldValue)) {
      return rejection('wrong_type', name, `"${name}" must be ${EXPECTED[kind]}, got ${describeMismatch(kind, fieldValue)}`);
    }
    cells[slot.column] = fieldValue as Cell;
  }

  const cell = (column: number) => (column < 0 ? undefined : cells[column]);
  for (const { name, column } of layout.required) {
    if (cell(column) === undefined) return rejection('missing_field', name, `missing required field "${name}"`);
  }
  if (type === 'label') {
    // Only a label's required fields depend on the record (its kind).
    const kind = String(cell(layout.kind));
    const byKind = (Object.hasOwn(LABEL_KIND_REQUIRED, kind) && LABEL_KIND_REQUIRED[kind]) || [];
    for (const name of byKind) {
      if (cell(slots.get(name)?.column ?? -1) === undefined) return rejection('missing_field', name, `missing required field "${name}"`);
    }
    if (kind === 'relevance' && cell(layout.retrievalId) === undefined && cell(layout.query) === undefined) {
      return rejection('missing_field', 'retrieval_id', 'a relevance label needs "retrieval_id" or "query"');
    }
  }
  for (const { name, column, allowed } of layout.vocabularies) {
    const given = cell(column);
    if (given !== undefined && !allowed.includes(given as string)) {
      return rejection('wrong_type', name, `"${name}" must be one of ${allowed.join(', ')}, got ${quoteValue(given)}`);
    }
  }
  const grade = cell(layout.grade) as number | undefined;
  if (grade !== undefined && !(Number.isInteger(grade) && grade >= 0 && grade <= 3)) {
    return rejection('wrong_type', 'grade', `"grade" must be an integer from 0 to 3, got ${grade}`);
  }
  if (type === 'retrieval') {
    const id = cell(layout.retrievalId) as string;
    if (seenRetrievalIds.has(id)) return rejection('duplicate_retrieval_id', 'retrieval_id', `retrieval_id "${id}" was already defined`);
    seenRetrievalIds.add(id);
  }
  if (extra) cells[layout.extra] = JSON.stringify(extra);
  return null;
}

/** validateInto for one value on its own: its stored fields by name, and its unknown fields as JSON text. */
export function validateEvent(value: unknown, seenRetrievalIds: IdSet): Validation {
  const row = new CheckedRow();
  const problem = validateInto(value, seenRetrievalIds, row);
  if (problem) return { ok: false, rejection: problem };
  const values: FieldValues = {};
  let extra: string | null = null;
  TYPE_COLUMNS[row.type].forEach(({ name }, c) => {
    const cell = row.cells[c];
    if (cell === undefined) return;
    if (name === 'extra') extra = cell as string;
    else values[name as EventFieldName] = cell as never;
  });
  return { ok: true, event: { values, extra } };
}
