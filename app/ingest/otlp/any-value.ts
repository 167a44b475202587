/**
 * OTLP JSON `AnyValue` and `KeyValue` lists → plain JS values. `intValue` arrives as a string
 * (protobuf's JSON form of int64) or as a number (the JS SDK); both become a number. `bytesValue`
 * stays its base64 text. A value with none of the known fields is `undefined`.
 */
export type AttributeValue = string | number | boolean | null | AttributeValue[] | { [key: string]: AttributeValue };
export type Attributes = Record<string, AttributeValue>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function decodeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  // protobuf JSON spells non-finite doubles "NaN", "Infinity", "-Infinity"; Number reads them all
  const number = Number(value);
  return Number.isNaN(number) && value !== 'NaN' ? undefined : number;
}

export function decodeAnyValue(value: unknown): AttributeValue | undefined {
  if (!isRecord(value)) return undefined;
  if ('stringValue' in value) return typeof value.stringValue === 'string' ? value.stringValue : undefined;
  if ('boolValue' in value) return typeof value.boolValue === 'boolean' ? value.boolValue : undefined;
  if ('intValue' in value) return decodeNumber(value.intValue);
  if ('doubleValue' in value) return decodeNumber(value.doubleValue);
  if ('bytesValue' in value) return typeof value.bytesValue === 'string' ? value.bytesValue : undefined;
  if ('arrayValue' in value) {
    const values = isRecord(value.arrayValue) && Array.isArray(value.arrayValue.values) ? value.arrayValue.values : [];
    return values.map((item) => decodeAnyValue(item) ?? null);
  }
  if ('kvlistValue' in value) {
    return decodeAttributes(isRecord(value.kvlistValue) ? value.kvlistValue.values : undefined);
  }
  return undefined;
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
