import { normalizedWhitespace } from './otel-text';
import { quote, text } from './otel-span-fields';

/*
 * The texts the trace import reads out of a span's attributes (app/ingest/otlp/trace/
 * query-text.ts, llm-messages.ts, llm-context.ts), over one row of `otel_traces` (attributes `a`).
 * Each is a list of column definitions (`expr AS name`) for a SELECT, so that later columns name
 * the earlier ones instead of repeating them.
 *
 * Known differences, by construction: JSON is read by ClickHouse's parser, and where an object
 * repeats a key the first counts here, the last in JavaScript; the levels below the top take an
 * object's values in the order written, where JavaScript puts integer-like keys (`"0"`, `"12"`) first.
 */

/** Whitespace only (or nothing): JavaScript's `text.trim() === ''`. */
export const blank = (value: string) => `(${normalizedWhitespace(value)} = '')`;

/** Where a query's text sits in a JSON input (query-text.ts `QUERY_KEYS`). */
export const QUERY_KEYS = ['query_str', 'query', 'input', 'question', 'str_or_query_bundle', 'query_bundle', 'message'] as const;
/** Where a reply's text sits in a JSON output (query-text.ts `RESPONSE_KEYS`). */
export const RESPONSE_KEYS = ['output', 'answer', 'result', 'response', 'content', 'text'] as const;

/** `firstString`: the first of `keys` that holds a string with some text in a JSON object (text), else ''. */
const firstString = (json: string, keys: readonly string[]) =>
  `arrayFirst(s -> NOT ${blank('s')}, arrayMap(k -> if(JSONType(${json}, k) = 'String', JSONExtractString(${json}, k), ''), [${keys.map(quote).join(', ')}]))`;

/** A JSON object's values that are objects, in written order. */
const objectValues = (json: string) => `arrayFilter(v -> JSONType(v) = 'Object', arrayMap(kv -> kv.2, JSONExtractKeysAndValuesRaw(${json})))`;

/**
 * `textInObject`: the first string at one of `keys` in the object, else in the objects one level
 * down, else two levels down (breadth first, each level in key order); NULL when none.
 */
const textInObject = (json: string, keys: readonly string[]) => {
  const levels = `arrayConcat([${json}], ${objectValues(json)}, arrayFlatten(arrayMap(o -> ${objectValues('o')}, ${objectValues(json)})))`;
  return `nullIf(arrayFirst(s -> s != '', arrayMap(o -> ${firstString('o', keys)}, ${levels})), '')`;
};

/** JavaScript's `trimStart().startsWith('{')`. */
const OPENS_OBJECT = quote(String.raw`^[\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]*\{`);

/**
 * `valueText(value, mimeType, keys)` as columns `<alias>_json` (the value is a JSON object: the
 * mime type says JSON or the text starts with `{`, and it parses as one) and `<alias>` (the string
 * at one of `keys` in it, NULL when none; else the value whole). `value` is a non-NULL text.
 */
export function valueTextColumns(value: string, mimeType: string, keys: readonly string[], alias: string): string {
  const saidJson = `startsWith(lowerUTF8(ifNull(${mimeType}, '')), 'application/json')`;
  return `(${saidJson} OR match(${value}, ${OPENS_OBJECT})) AND isValidJSON(${value}) AND JSONType(${value}) = 'Object' AS ${alias}_json,
  if(${alias}_json, ${textInObject(value, keys)}, ${value}) AS ${alias}`;
}

/**
 * `queryText` as column `<alias>`: from `input.value` (a JSON object's query string, or the value
 * whole), else `gen_ai.retrieval.query.text`.
 */
export function queryTextColumns(alias: string): string {
  const input = text('a', 'input.value');
  return `${valueTextColumns(`ifNull(${input}, '')`, text('a', 'input.mime_type'), QUERY_KEYS, `${alias}_in`)},
  if(${input} IS NOT NULL, coalesce(${alias}_in, ${input}), ${text('a', 'gen_ai.retrieval.query.text')}) AS ${alias}`;
}

type MessageList = 'llm.input_messages' | 'llm.output_messages';

/**
 * OpenInference's flattened messages (`<list>.<i>.message.role`, `.message.content`,
 * `.message.contents.<j>.message_content.text`) in the order of `i`, as column `<alias>` of
 * (role, text) tuples: the text is the content, then the contents in the order of `j`, joined by a
 * line break.
 */
export function openInferenceMessageColumns(list: MessageList, alias: string): string {
  const pattern = quote(`^${list.replaceAll('.', '\\.')}\\.(\\d+)\\.message\\.(role|content|contents\\.(\\d+)\\.message_content\\.text)$`);
  const ofMessage = `arrayFilter(p -> p.1 = i, ${alias}_parts)`;
  const role = `arrayFilter(p -> p.2 = 'role', ${ofMessage})`;
  const content = `arrayMap(p -> p.4, arrayFilter(p -> p.2 = 'content', ${ofMessage}))`;
  const contents = `arrayMap(p -> p.4, arraySort(p -> p.3, arrayFilter(p -> startsWith(p.2, 'contents.'), ${ofMessage})))`;
  // (message index, part, content index, text) of every key of the list
  return `arrayMap(t -> (toUInt64(t.1[1]), t.1[2], toUInt64OrZero(t.1[3]), t.2), arrayMap(k -> (extractGroups(k, ${pattern}), a[k]), arrayFilter(k -> match(k, ${pattern}), mapKeys(a)))) AS ${alias}_parts,
  arrayMap(i -> (if(length(${role}) > 0, ${role}[1].4, NULL), arrayStringConcat(arrayConcat(${content}, ${contents}), '\\n')),
    arraySort(arrayDistinct(arrayMap(p -> p.1, ${alias}_parts)))) AS ${alias}`;
}

/** GenAI's `gen_ai.input.messages` / `gen_ai.output.messages`: `[{role, parts: [{type: "text", content}]}]` (or `content`), as (role, text) tuples. */
export function genAiMessages(value: string): string {
  const partTexts = `arrayMap(p -> JSONExtractString(p, 'content'), arrayFilter(p -> JSONType(p) = 'Object' AND JSONType(p, 'type') = 'String' AND JSONExtractString(p, 'type') = 'text' AND JSONType(p, 'content') = 'String', JSONExtractArrayRaw(m, 'parts')))`;
  return `arrayMap(m -> (if(JSONType(m, 'role') = 'String', JSONExtractString(m, 'role'), NULL),
    if(JSONType(m, 'content') = 'String', JSONExtractString(m, 'content'), arrayStringConcat(${partTexts}, '\\n'))),
    arrayFilter(m -> JSONType(m) = 'Object', JSONExtractArrayRaw(ifNull(${value}, ''))))`;
}

export const USER_ROLES = ['user', 'human'] as const;
export const ASSISTANT_ROLES = ['assistant', 'ai', 'model'] as const;

/** `lastMessageText`: the text of the last message with one of `roles` (any case) and some text, else NULL. */
export function lastMessageText(messages: string, roles: readonly string[]): string {
  const matching = `arrayFilter(m -> m.1 IS NOT NULL AND has([${roles.map(quote).join(', ')}], lowerUTF8(assumeNotNull(m.1))) AND NOT ${blank('m.2')}, ${messages})`;
  return `if(length(${matching}) > 0, ${matching}[-1].2, NULL)`;
}

/**
 * `llmInputText` as column `llm_input_text`: everything a model call was given to read, each part whitespace-normalized, joined by U+0000 (so that no match spans two parts):
 * `input.value`, the input messages (OpenInference and GenAI), `llm.prompts` (a JSON list of
 * strings, or flattened `llm.prompts.<i>[.prompt.text]`).
 */
export const LLM_INPUT_TEXT = `${openInferenceMessageColumns('llm.input_messages', 'oi_input_messages')},
  arrayConcat(
    if(mapContains(a, 'input.value'), [a['input.value']], []),
    arrayMap(m -> m.2, oi_input_messages),
    arrayMap(m -> m.2, ${genAiMessages("a['gen_ai.input.messages']")}),
    arrayMap(p -> JSONExtractString(p), arrayFilter(p -> JSONType(p) = 'String', JSONExtractArrayRaw(a['llm.prompts']))),
    arrayMap(k -> a[k], arrayFilter(k -> match(k, '^llm\\\\.prompts\\\\.\\\\d+(\\\\.prompt\\\\.text)?$'), mapKeys(a)))
  ) AS llm_input_parts,
  arrayStringConcat(arrayMap(part -> ${normalizedWhitespace('part')}, llm_input_parts), '\\0') AS llm_input_text`;
