/**
 * OTLP JSON `AnyValue` and `KeyValue` lists → plain JS values. `intValue` arrives as a string
 * (protobuf's JSON form of int64) or as a number (the JS SDK); both become a number. `bytesValue`
 * stays its base64 text. A value with none of the known fields is `undefined`.
 *
 * Field names may also be the proto's own (`string_value`, `array_value`, …), which protobuf's
 * JSON mapping lets parsers accept and Arize Phoenix's REST span export writes; Phoenix also
 * writes every field of the value, the unused ones as `null`, so a `null` field is one not set.
 */
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

export function decodeAnyValue(value: unknown): AttributeValue | undefined {
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
      const values = isRecord(content) && Array.isArray(content.values) ? content.values : [];
      return values.map((item) => decodeAnyValue(item) ?? null);
    }
    case 'kvlistValue':
      return decodeAttributes(isRecord(content) ? content.values : undefined);
  }
}

/** A `KeyValue[]` as an object; entries without a string key or a known value are left out. */
export function decodeAttributes(keyValues: unknown): Attributes {
  // Keys come from the data: no prototype for `__proto__` to replace or `constructor` to answer from.
  const attributes: Attributes = Object.create(null) as Attributes;
  if (!Array.isArray(keyValues)) return attributes;
  for (const entry of keyValues) {
    if (!isRecord(entry) || typeof entry.key !== 'string') continue;
    const value = decodeAnyValue(entry.value);
    if (value !== undefined) attributes[entry.key] = value;
  }
  return attributes;
}

/** An attribute read as text: a non-empty string, or a number written out (ids may be integers). */
export function textAttribute(attributes: Attributes, key: string): string | undefined {
  const value = attributes[key];
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
