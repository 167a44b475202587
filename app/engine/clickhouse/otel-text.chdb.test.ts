import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentId } from '../../ingest/otlp/trace/document-identity';
import { containsTerm, normalizeWhitespace } from '../../ingest/otlp/trace/text-match';
import { run } from '../sql/core/run';
import { createChdbEngine } from './chdb-engine';
import type { ClickHouseEngine } from './clickhouse-engine';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from './load-chdb';
import { containsTermSql, contentIdOf, jsNumberText, jsonStringOf, normalizedWhitespace, utf16Prefix } from './otel-text';

/** A text as SQL that survives any byte (a NUL would end chdb's query text). */
const textSql = (text: string) => `unhex('${Buffer.from(text, 'utf8').toString('hex')}')`;

const TEXTS = [
  '', 'plain', '  a  b\t\tc\n\nd  ', 'a\u00a0b\u3000c\ufeffd\u2028e\u000bf', 'tab\tquote"back\\slash/solidus',
  'ctrl\u0001\u0008\u000c\u001f\u007f end', 'é ü 漢字 😀 𝐀', ' \n\t ', 'Refunds are issued within 14 days.',
  `${'x'.repeat(62)}😀tail`, `${'x'.repeat(63)}😀tail`, `${'😀'.repeat(40)}`, 'line\r\nbreak',
];

let house: ClickHouseEngine;
const one = async (sql: string) => (await run(house, `SELECT ${sql} AS v`, { v: 'json' }))[0].v;

describe.skipIf(!CHDB_TESTS_ENABLED)(CHDB_TESTS_ENABLED ? 'the trace import\'s text rules in ClickHouse' : `the trace import's text rules in ClickHouse (${CHDB_SKIP_MESSAGE})`, () => {
  beforeAll(async () => {
    house = await createChdbEngine({ install: true });
  }, 120_000);
  afterAll(async () => {
    await house?.close();
  });

  it('normalizes whitespace, derives content ids and writes JSON strings as JavaScript does', async () => {
    for (const text of TEXTS) {
      expect(await one(normalizedWhitespace(textSql(text))), JSON.stringify(text)).toBe(normalizeWhitespace(text));
      expect(await one(contentIdOf(textSql(text))), JSON.stringify(text)).toBe(contentId(text));
      expect(await one(jsonStringOf(textSql(text))), JSON.stringify(text)).toBe(JSON.stringify(text));
    }
  });

  it('takes the first 64 UTF-16 units of a normalized text (a split surrogate pair aside)', async () => {
    for (const text of TEXTS) {
      const normalized = normalizeWhitespace(text);
      const js = normalized.slice(0, 64);
      const wholeCharacters = /[\ud800-\udbff]$/.test(js) ? js.slice(0, -1) : js;
      expect(await one(utf16Prefix(textSql(normalized))), JSON.stringify(text)).toBe(wholeCharacters);
    }
  });

  it('writes numbers as JavaScript does', async () => {
    const numbers = [0, -0, 1, -1, 0.5, 0.92, 0.1 + 0.2, 1e-7, 1.5e-7, 0.000001, 123456789, 1e20, 1e21, 1.5e300, -2.5e-300, 17, 2 ** 53 + 2, Math.PI];
    for (let i = 0; i < 200; i += 1) numbers.push((Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 40 - 20));
    const sql = numbers.map((n) => jsNumberText(`toFloat64(${n === 0 ? '0' : n.toExponential(20)})`)).join(', ');
    const got = await one(`[${sql}]`);
    expect(got).toEqual(numbers.map((n) => String(n)));
  });

  it('finds an id or a title as a whole term as containsTerm does', async () => {
    const cases: [string, string][] = [
      ['see kb-refunds for details', 'kb-refunds'], ['kb-1', 'kb-1'], ['see doc-12', 'doc-1'], ['costs 170 dollars', '17'],
      ['doc-12 and doc-1.', 'doc-1'], ['Read "What is X?"now', 'What is X?'], ['as "Refund policy" says', 'Refund policy'],
      ['refund policy', 'Refund policy'], ['anything', ''], ['a.b*c', 'b*c'], ['x\\Ey', '\\E'], ['ünter', 'nter'], ['über', 'ber'],
      ['id_7 and 7', '7'], ['line\nkb-1\n', 'kb-1'], ['(kb-1)', 'kb-1'], ['漢字kb', 'kb'],
    ];
    for (const [text, term] of cases) {
      expect(Boolean(await one(containsTermSql(textSql(text), textSql(term)))), `${JSON.stringify(term)} in ${JSON.stringify(text)}`).toBe(containsTerm(text, term));
    }
  });
});
