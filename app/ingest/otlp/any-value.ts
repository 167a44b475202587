/**
 * OTLP JSON `AnyValue` and `KeyValue` lists → plain JS values. `intValue` arrives as a string
 * (protobuf's JSON form of int64) or as a number (the JS SDK); both become a number. `bytesValue`
 * stays its base64 text. A value with none of the known fields is `undefined`.
 *
 * Field names may also be the proto's own (`string_value`, `array_value`, …), which protobuf's
 * JSON mapping lets parsers accept and Arize Phoenix's REST span export writes; Phoenix also
 * writes every field of the value, the unused ones as `null`, so a `null` field is one not set.
 */
import { formatCount } from '../../lib/format';
import { MAX_NESTING } from '../../schema/nesting';
import { MAX_SPAN_ATTRIBUTES } from './otlp-limits';

export type AttributeValue = string | number | boolean | null | AttributeValue[] | { [key: string]: AttributeValue };
export type Attributes = Record<string, AttributeValue>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Python's spellings of the non-finite doubles (`str(float("inf"))`), which Phoenix writes as `double_value`. */
const PYTHON_NON_FINITE: Record<string, number> = { inf: Infinity, '-inf': -Infinity, nan: NaN };

function decodeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  if (Object.hasOwn(PYTHON_NON_FINITE, value)) return PYTHON_NON_FINITE[value];
  // protobuf JSON spells non-finite doubles "NaN", "Infinity", "-Infinity"; Number reads them all
  const number = Number(value);
  return Number.isNaN(number) && value !== 'NaN' ? undefined : number;
}

const VALUE_FIELDS = [
  ['stringValue', 'string_value'],
  ['boolValue', 'bool_value'],
  ['intValue', 'int_value'],
  ['doubleValue', 'double_value'],
  ['bytesValue', 'bytes_value'],
  ['arrayValue', 'array_value'],
  ['kvlistValue', 'kvlist_value'],
] as const;

/** Which field of an AnyValue is set (its JSON name), and its content: the first present and not `null`. */
function setField(value: Record<string, unknown>): [(typeof VALUE_FIELDS)[number][0], unknown] | null {
  for (const [camel, snake] of VALUE_FIELDS) {
    if (value[camel] !== undefined && value[camel] !== null) return [camel, value[camel]];
    if (value[snake] !== undefined && value[snake] !== null) return [camel, value[snake]];
  }
  return null;
}

/** Why a span's attributes cannot be read: one nested too deep, or too many of them. */
export interface AttributesProblem {
  reason: 'too_deep' | 'wrong_type';
  /** `attributes.<key>`, or `attributes` for their number. */
  field: string;
  message: string;
}

export type AttributesRead = { ok: true; attributes: Attributes } | { ok: false; problem: AttributesProblem };

/** Marks a value nested past MAX_NESTING while it is decoded (recursion stops there, so the stack stays shallow). */
const TOO_DEEP = Symbol('too deep');

/** `depth`: how many lists and key-value lists hold this value. */
function decodeValue(value: unknown, depth: number): AttributeValue | undefined | typeof TOO_DEEP {
  if (!isRecord(value)) return undefined;
  const field = setField(value);
  if (!field) return undefined;
  const [name, content] = field;
  switch (name) {
    case 'stringValue':
    case 'bytesValue':
      return typeof content === 'string' ? content : undefined;
    case 'boolValue':
      return typeof content === 'boolean' ? content : undefined;
    case 'intValue':
    case 'doubleValue':
      return decodeNumber(content);
    case 'arrayValue': {
      if (depth >= MAX_NESTING) return TOO_DEEP;
      const values = isRecord(content) && Array.isArray(content.values) ? content.values : [];
      const list: AttributeValue[] = [];
      for (const item of values) {
        const decoded = decodeValue(item, depth + 1);
        if (decoded === TOO_DEEP) return TOO_DEEP;
        list.push(decoded ?? null);
      }
      return list;
    }
    case 'kvlistValue': {
      if (depth >= MAX_NESTING) return TOO_DEEP;
      const read = decodeKeyValues(isRecord(content) ? content.values : undefined, depth + 1);
      return read instanceof TooDeepEntry ? TOO_DEEP : read;
    }
  }
}

/** The first entry of a `KeyValue[]` whose value is nested too deep. */
class TooDeepEntry {
  constructor(readonly key: string) {}
}

/** The entries of a `KeyValue[]`, or the first one nested too deep. */
function decodeKeyValues(keyValues: unknown, depth: number): Attributes | TooDeepEntry {
  // Keys come from the data: no prototype for `__proto__` to replace or `constructor` to answer from.
  const attributes: Attributes = Object.create(null) as Attributes;
  if (!Array.isArray(keyValues)) return attributes;
  for (const entry of keyValues) {
    if (!isRecord(entry) || typeof entry.key !== 'string') continue;
    const value = decodeValue(entry.value, depth);
    if (value === TOO_DEEP) return new TooDeepEntry(entry.key);
    if (value !== undefined) attributes[entry.key] = value;
  }
  return attributes;
}

/**
 * A `KeyValue[]` (of a span, its resource or one of its events) as an object; entries without a
 * string key or a known value are left out. A value nested more than MAX_NESTING lists deep, or
 * more than MAX_SPAN_ATTRIBUTES entries, is a problem, and nothing past the limit is read.
 */
export function readAttributes(keyValues: unknown, holder: 'span' | 'resource' | 'span event' = 'span'): AttributesRead {
  if (Array.isArray(keyValues) && keyValues.length > MAX_SPAN_ATTRIBUTES) {
    const message = `the ${holder} has ${formatCount(keyValues.length)} attributes, over the limit of ${formatCount(MAX_SPAN_ATTRIBUTES)}`;
    return { ok: false, problem: { reason: 'wrong_type', field: 'attributes', message } };
  }
  const read = decodeKeyValues(keyValues, 0);
  if (read instanceof TooDeepEntry) {
    return { ok: false, problem: { reason: 'too_deep', field: `attributes.${read.key}`, message: `the ${holder}'s attribute "${read.key}" is nested more than ${MAX_NESTING} levels deep` } };
  }
  return { ok: true, attributes: read };
}

/** One AnyValue; a value nested past MAX_NESTING is left out (`undefined`), as an unknown one is. */
export function decodeAnyValue(value: unknown): AttributeValue | undefined {
  const decoded = decodeValue(value, 0);
  return decoded === TOO_DEEP ? undefined : decoded;
}

/** An attribute read as text: a non-empty string, or a number written out (ids may be integers). */
export function textAttribute(attributes: Attributes, key: string): string | undefined {
  const value = attributes[key];
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
