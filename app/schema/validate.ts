import { EVENT_FIELDS, type EventFieldName, type FieldKind } from './fields';
import { COMMON_FIELDS, EVENT_TYPES, EVENT_TYPE_NAMES, LABEL_KIND_REQUIRED, type EventType, type EventTypeSpec } from './event-types';
import { readTimestamp } from './parse-ts';
import { deeperThan, MAX_NESTING, quoteValue } from './nesting';
import type { Rejection } from './rejection';
import type { IdSet } from '../lib/id-set';

export type FieldValues = Partial<Record<EventFieldName, string | number | boolean | string[] | number[]>>;

export interface ValidEvent {
  values: FieldValues;
  /** Unknown fields as JSON object text, or null. */
  extra: string | null;
}

export type Validation = { ok: true; event: ValidEvent } | { ok: false; rejection: Rejection };

const reject = (reason: Rejection['reason'], field: string | null, message: string): Validation => ({
  ok: false,
  rejection: { reason, field, message },
});

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
      return true;
  }
}

/** The fields stored in a type's columns; a known field of another type is kept in `extra`. */
const OWN_FIELDS = Object.fromEntries(
  EVENT_TYPE_NAMES.map((type) => [type, new Set<string>([...COMMON_FIELDS, ...EVENT_TYPES[type].fields])]),
) as Record<EventType, Set<string>>;

const VOCABULARIES = Object.fromEntries(
  EVENT_TYPE_NAMES.map((type) => {
    const spec: EventTypeSpec = EVENT_TYPES[type];
    return [type, Object.entries(spec.vocab ?? {}) as [EventFieldName, readonly string[]][]];
  }),
) as Record<EventType, [EventFieldName, readonly string[]][]>;

const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

function isEventType(name: string): name is EventType {
  return Object.prototype.hasOwnProperty.call(EVENT_TYPES, name);
}

/**
 * Checks one parsed input value against the schema. `seenRetrievalIds` spans every file of the
 * load so that a duplicate `retrieval_id` is caught across files; a valid retrieval adds its id.
 */
export function validateEvent(value: unknown, seenRetrievalIds: IdSet): Validation {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return reject('not_object', null, `expected a JSON object, got ${describe(value)}`);
  }
  const input = value as Record<string, unknown>;
  if (isAbsent(input.type)) return reject('missing_field', 'type', 'missing required field "type"');
  if (typeof input.type !== 'string') return reject('wrong_type', 'type', `"type" must be a string, got ${describe(input.type)}`);
  if (!isEventType(input.type)) return reject('unknown_type', 'type', `unknown event type ${quoteValue(input.type)}`);
  const spec = EVENT_TYPES[input.type];
  const own = OWN_FIELDS[input.type];

  const values: FieldValues = {};
  let extra: Record<string, unknown> | null = null;
  for (const name in input) {
    const fieldValue = input[name];
    // Keys come from the data: `__proto__` or `constructor` must stay plain keys.
    const kind = Object.hasOwn(EVENT_FIELDS, name) ? (EVENT_FIELDS as Record<string, FieldKind>)[name] : undefined;
    if (!kind || !own.has(name)) {
      if (typeof fieldValue === 'object' && fieldValue !== null && deeperThan(fieldValue, MAX_NESTING)) {
        return reject('too_deep', name, `"${name}" is nested more than ${MAX_NESTING} levels deep`);
      }
      (extra ??= Object.create(null) as Record<string, unknown>)[name] = fieldValue;
      continue;
    }
    if (isAbsent(fieldValue)) continue;
    if (kind === 'ts') {
      const reading = readTimestamp(fieldValue);
      if ('problem' in reading) return reject('bad_ts', name, `"${name}" ${reading.problem}: ${quoteValue(fieldValue)}`);
      values.ts = reading.ms;
      continue;
    }
    if (!conforms(kind, fieldValue)) {
      return reject('wrong_type', name, `"${name}" must be ${EXPECTED[kind]}, got ${describeMismatch(kind, fieldValue)}`);
    }
    values[name as EventFieldName] = fieldValue as never;
  }

  // Only a label's required fields depend on the record (its kind): the others need no new list.
  const required =
    input.type === 'label' ? [...spec.required, ...((Object.hasOwn(LABEL_KIND_REQUIRED, String(values.kind)) && LABEL_KIND_REQUIRED[String(values.kind)]) || [])] : spec.required;
  for (const field of required) {
    if (values[field] === undefined) return reject('missing_field', field, `missing required field "${field}"`);
  }
  if (input.type === 'label' && values.kind === 'relevance' && values.retrieval_id === undefined && values.query === undefined) {
    return reject('missing_field', 'retrieval_id', 'a relevance label needs "retrieval_id" or "query"');
  }
  for (const [field, allowed] of VOCABULARIES[input.type]) {
    const given = values[field];
    if (given !== undefined && !allowed.includes(given as string)) {
      return reject('wrong_type', field, `"${field}" must be one of ${allowed.join(', ')}, got ${quoteValue(given)}`);
    }
  }
  if (values.grade !== undefined && !(Number.isInteger(values.grade) && (values.grade as number) >= 0 && (values.grade as number) <= 3)) {
    return reject('wrong_type', 'grade', `"grade" must be an integer from 0 to 3, got ${values.grade}`);
  }
  if (input.type === 'retrieval') {
    const id = values.retrieval_id as string;
    if (seenRetrievalIds.has(id)) return reject('duplicate_retrieval_id', 'retrieval_id', `retrieval_id "${id}" was already defined`);
    seenRetrievalIds.add(id);
  }
  return { ok: true, event: { values, extra: extra ? JSON.stringify(extra) : null } };
}
