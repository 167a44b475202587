import type { AttributeValue, Attributes } from '../otlp/any-value';

/**
 * Phoenix stores a span's attributes as one nested object: on ingest it parses the attributes
 * OpenInference writes as JSON text (`metadata`, `document.metadata`,
 * `llm.prompt_template.variables`, `tool.parameters`: `JSON_STRING_ATTRIBUTES` and
 * `load_json_strings` in src/phoenix/trace/attributes.py) and unflattens the dotted keys. Its
 * exports give them back in two shapes, both turned here into the flat attributes OpenInference
 * emits, which the trace rules read:
 * - the REST span export (`/spans/otlpv1`) flattens the object again (`flatten(...,
 *   recurse_on_sequence=True)`), so a parsed JSON attribute arrives split into dotted keys
 *   (`retrieval.documents.0.document.metadata.title`): `regroupJsonAttributes` joins them back
 *   into the JSON text;
 * - the spans dataframe (and the `/spans` REST page) keep it nested, semantic-convention keys
 *   whole (`attributes.retrieval.documents` = a list of `{"document.id": …}` objects, a custom
 *   `rag.turn_id` as `attributes.rag` = `{turn_id: …}`): `flattenNested` flattens it the way
 *   Phoenix's own `flatten` does and writes the JSON attributes as JSON text.
 */

/** Phoenix's `JSON_STRING_ATTRIBUTES`, matched as it does: by how the key ends (`str.endswith`). */
const JSON_STRING_SUFFIXES = ['document.metadata', 'llm.prompt_template.variables', 'metadata', 'tool.parameters'];

export const isJsonStringKey = (key: string): boolean => JSON_STRING_SUFFIXES.some((suffix) => key.endsWith(suffix));

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value) && !(value instanceof Date);

const emptyAttributes = (): Attributes => Object.create(null) as Attributes;

/** A cell or JSON value as an attribute value: nulls left out of objects, 64-bit integers as numbers. */
function attributeValue(value: unknown): AttributeValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return Array.from(value as ArrayLike<unknown>, (item) => attributeValue(item) ?? null);
  if (isPlainObject(value)) {
    const object: Record<string, AttributeValue> = Object.create(null) as Record<string, AttributeValue>;
    for (const [key, item] of Object.entries(value)) {
      const converted = attributeValue(item);
      if (converted !== undefined) object[key] = converted;
    }
    return object;
  }
  return undefined;
}

/** `JSON.stringify` with keys in the order given (Phoenix's `json.dumps` keeps insertion order). */
const jsonText = (value: AttributeValue): string => JSON.stringify(value);

/**
 * Phoenix's `flatten(obj, recurse_on_sequence=True)`: nested objects become dotted keys; a list
 * holding objects becomes one key per object with its index (`retrieval.documents.0.document.id`),
 * its other items dropped as Phoenix drops them; a list of plain values stays a list. A key that
 * names a JSON attribute keeps its object or list as JSON text. Null values are left out.
 */
export function flattenNested(entries: Iterable<[string, unknown]>, into: Attributes = emptyAttributes()): Attributes {
  const visit = (key: string, raw: unknown): void => {
    const value = attributeValue(raw);
    if (value === undefined) return;
    if (typeof value === 'object' && value !== null && isJsonStringKey(key)) {
      // A struct cell whose fields are all null (a Parquet column of maps, on a span without one) says nothing.
      if (isPlainObject(value) && Object.keys(value).length === 0) return;
      into[key] = jsonText(value);
    } else if (Array.isArray(value)) {
      if (!value.some(isPlainObject)) into[key] = value;
      else value.forEach((item, index) => isPlainObject(item) && visitObject(`${key}.${index}`, item));
    } else if (isPlainObject(value)) {
      visitObject(key, value);
    } else {
      into[key] = value;
    }
  };
  const visitObject = (prefix: string, object: Record<string, unknown>) => {
    for (const [key, item] of Object.entries(object)) visit(prefix === '' ? key : `${prefix}.${key}`, item);
  };
  for (const [key, value] of entries) visit(key, value);
  return into;
}

/** Phoenix's `unflatten`: dotted keys into objects; an all-digit segment followed by more becomes a list index. */
function unflatten(entries: [string[], AttributeValue][]): AttributeValue {
  const root: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [path, value] of entries) {
    let node = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) node[segment] = value;
      else node = (isPlainObject(node[segment]) ? node[segment] : (node[segment] = Object.create(null))) as Record<string, unknown>;
    });
  }
  const toLists = (node: unknown): AttributeValue => {
    if (!isPlainObject(node)) return node as AttributeValue;
    const keys = Object.keys(node);
    const children = keys.map((key) => [key, toLists(node[key])] as const);
    if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key) && isPlainObject(node[key]))) {
      return children.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, child]) => child);
    }
    return Object.fromEntries(children) as AttributeValue;
  };
  return toLists(root);
}

/**
 * The REST export's flattened keys under a JSON attribute (`metadata.ls_retriever_name`,
 * `retrieval.documents.0.document.metadata.title`) joined back into that attribute's JSON text,
 * as OpenInference wrote it (`metadata` = `{"ls_retriever_name": …}`). A list under such a key
 * becomes JSON text too. Every other key is kept as it is.
 */
export function regroupJsonAttributes(attributes: Attributes): Attributes {
  const groups = new Map<string, [string[], AttributeValue][]>();
  const out = emptyAttributes();
  for (const key in attributes) {
    const segments = key.split('.');
    let owner: string | null = null;
    for (let end = 1; end < segments.length && owner === null; end++) {
      const prefix = segments.slice(0, end).join('.');
      if (isJsonStringKey(prefix)) owner = prefix;
    }
    if (owner === null) {
      const value = attributes[key];
      out[key] = Array.isArray(value) && isJsonStringKey(key) ? jsonText(value) : value;
      continue;
    }
    const group = groups.get(owner) ?? [];
    group.push([segments.slice(owner.split('.').length), attributes[key]]);
    groups.set(owner, group);
  }
  for (const [owner, entries] of groups) {
    // A JSON attribute given whole (not parsed by Phoenix) and split keys under it: the whole one wins.
    if (typeof out[owner] !== 'string') out[owner] = jsonText(unflatten(entries));
  }
  return out;
}
