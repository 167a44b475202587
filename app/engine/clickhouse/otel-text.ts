/*
 * ClickHouse spellings of the text rules the trace import applies in JavaScript
 * (app/ingest/otlp/trace/text-match.ts, document-identity.ts), so that the otel_traces view derives
 * the same ids, prefixes and JSON text. `otel-text.chdb.test.ts` runs each against its JS
 * counterpart.
 */
import { quote } from './otel-span-fields';

/**
 * JavaScript's `\s`: ECMAScript's WhiteSpace and LineTerminator code points (RE2's `\s` is
 * ASCII only, and has no \v). ClickHouse's regular expressions read UTF-8.
 */
const JS_WHITESPACE = String.raw`[\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]`;

/** JavaScript's `text.trim()`. */
export const jsTrim = (text: string) => `replaceRegexpAll(${text}, ${quote(`^${JS_WHITESPACE}+|${JS_WHITESPACE}+$`)}, '')`;

/** `normalizeWhitespace`: runs of whitespace as one space, trimmed. */
export const normalizedWhitespace = (text: string) => `trimBoth(replaceRegexpAll(${text}, ${quote(`${JS_WHITESPACE}+`)}, ' '))`;

/** `contentId`: `content:` + the first 16 hex digits of the SHA-256 of the whitespace-normalized text. */
export const contentIdOf = (content: string) => `concat('content:', lower(substring(hex(SHA256(${normalizedWhitespace(content)})), 1, 16)))`;

/**
 * `JSON.stringify` of a string. ClickHouse's toJSONString differs (it writes `\/`, escapes
 * U+2028/U+2029, spells `\u000B` in capitals), so the escapes are JavaScript's, written here: `"`,
 * `\`, the five short forms, `\u00xx` for the other control characters, nothing else.
 */
export function jsonStringOf(text: string): string {
  const escaped = `arrayStringConcat(arrayMap(c -> multiIf(c = '"', '\\\\"', c = '\\\\', '\\\\\\\\', c = '\\n', '\\\\n', c = '\\r', '\\\\r', c = '\\t', '\\\\t', c = '\\b', '\\\\b', c = '\\f', '\\\\f', c < ' ', concat('\\\\u00', lower(hex(c))), c), extractAll(${text}, '(?s).')))`;
  return `concat('"', if(match(${text}, '["\\\\\\\\\\\\x00-\\\\x1F]'), ${escaped}, ${text}), '"')`;
}

/**
 * A finite Float64 as JavaScript writes the number (`String(n)`, `JSON.stringify`): both write
 * the shortest text that reads back; JavaScript signs a positive exponent (`1e+21`) and writes
 * -0 as `0`.
 */
export const jsNumberText = (number: string) => `if(${number} = 0, '0', replaceRegexpOne(toString(${number}), 'e(\\\\d)', 'e+\\\\1'))`;

/** A Float64 that is a finite number, else NULL (JavaScript's `Number.isFinite` filter). */
export const finiteOrNull = (number: string) => `if(isFinite(assumeNotNull(${number})), ${number}, NULL)`;

/** Letters, digits, `_` and `-` (text-match.ts `WORD_CHARACTER`: `[\p{L}\p{N}_-]`). */
const WORD = String.raw`[\p{L}\p{N}_-]`;
const NOT_WORD = String.raw`[^\p{L}\p{N}_-]`;

/**
 * `containsTerm(text, term)`: the term occurs in the text as a whole: where it starts (ends) with
 * a letter, digit, `_` or `-`, the character before (after) it is none of these. An empty term is
 * never found. One difference, by construction: JavaScript looks at the UTF-16 unit beside the
 * term, so a letter outside the Basic Multilingual Plane (𝐀) next to it does not count as a
 * letter there, and does here.
 */
export function containsTermSql(text: string, term: string): string {
  // RE2 \Q…\E quotes the term; a `\E` inside it ends the quote, so it is written `\E\\E\Q`.
  const literal = `concat('\\\\Q', replaceAll(${term}, '\\\\E', '\\\\E\\\\\\\\E\\\\Q'), '\\\\E')`;
  const before = `if(match(${term}, ${quote(`^${WORD}`)}), ${quote(`(?:^|${NOT_WORD})`)}, '')`;
  const after = `if(match(${term}, ${quote(`${WORD}$`)}), ${quote(`(?:$|${NOT_WORD})`)}, '')`;
  return `(${term} != '' AND position(${text}, ${term}) > 0 AND match(${text}, concat('(?s)', ${before}, ${literal}, ${after})))`;
}

/**
 * The first 64 characters of a (normalized) text as JavaScript's `slice(0, 64)` counts them, in
 * UTF-16 units: a character outside the Basic Multilingual Plane counts two. Where the 64th unit
 * would be half of such a character, JavaScript keeps the half (a lone surrogate, which still
 * matches the text holding the whole character); here it is left out, so the prefix is one
 * unit shorter and can match a text JavaScript's would not (only when a different character of
 * the same surrogate block follows).
 */
export function utf16Prefix(text: string, units = 64): string {
  const characters = `extractAll(leftUTF8(${text}, ${units}), '(?s).')`;
  return `if(NOT match(${text}, '[\\\\x{10000}-\\\\x{10FFFF}]'), leftUTF8(${text}, ${units}),
    arrayStringConcat(arraySlice(${characters}, 1, arrayCount(n -> n <= ${units}, arrayCumSum(arrayMap(c -> if(length(c) = 4, 2, 1), ${characters}))))))`;
}
