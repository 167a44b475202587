import { textAttribute, type Attributes } from '../any-value';

/**
 * Where a query's text sits in a JSON input (docs/log-format.md), then the argument names LlamaIndex
 * writes (`retrieve(str_or_query_bundle)`, `_retrieve(query_bundle)`: `{"query_bundle":
 * {"query_str": …}}`) and its chat engines' `chat(message)`.
 */
export const QUERY_KEYS = ['query_str', 'query', 'input', 'question', 'str_or_query_bundle', 'query_bundle', 'message'] as const;

/**
 * Where a reply's text sits in a JSON output: LangChain's agents (`output`), conversational
 * chains (`answer`), RetrievalQA (`result`), messages (`content`); LlamaIndex's chat responses
 * (`response`).
 */
export const RESPONSE_KEYS = ['output', 'answer', 'result', 'response', 'content', 'text'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function firstString(object: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = object[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** How deep below the top a JSON input is searched: Haystack's pipeline gives `{"data": {"retriever": {"query": …}}}`. */
const SEARCH_DEPTH = 2;

/**
 * The first string at one of `keys`: in the object, else in the objects one level down, else
 * two levels down (breadth first, each level in key order).
 */
export function textInObject(object: Record<string, unknown>, keys: readonly string[]): string | undefined {
  let level: Record<string, unknown>[] = [object];
  for (let depth = 0; depth <= SEARCH_DEPTH && level.length > 0; depth++) {
    for (const candidate of level) {
      const found = firstString(candidate, keys);
      if (found !== undefined) return found;
    }
    level = level.flatMap((candidate) => Object.values(candidate).filter(isRecord));
  }
  return undefined;
}

/** The object a value holds when it is JSON text of an object (or said to be JSON), else null. */
function jsonObject(value: string, mimeType: string | undefined): Record<string, unknown> | null {
  const saidJson = mimeType !== undefined && mimeType.toLowerCase().startsWith('application/json');
  if (!saidJson && !value.trimStart().startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export interface ValueText {
  text: string | null;
  fromJson: boolean;
}

/**
 * The text an `input.value` / `output.value` carries: the value itself, or, when it is a JSON
 * object, the string at one of `keys` (`text: null` when the object has none; `fromJson` says
 * the value was an object, so that callers may look elsewhere before taking it whole).
 */
export function valueText(value: string, mimeType: string | undefined, keys: readonly string[]): ValueText {
  const object = jsonObject(value, mimeType);
  if (object === null) return { text: value, fromJson: false };
  return { text: textInObject(object, keys) ?? null, fromJson: true };
}

/** A retrieval's query: from `input.value` (the JSON object's query string, or the value whole), else `gen_ai.retrieval.query.text`. */
export function queryText(attributes: Attributes): string | undefined {
  const input = textAttribute(attributes, 'input.value');
  if (input !== undefined) return valueText(input, textAttribute(attributes, 'input.mime_type'), QUERY_KEYS).text ?? input;
  return textAttribute(attributes, 'gen_ai.retrieval.query.text');
}
