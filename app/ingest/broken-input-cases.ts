import { gzipSync } from 'node:zlib';

/**
 * Broken files and what loading each must give, the same in the browser and in the command
 * line: the events stored, each rejected line with a piece of its message, the blank lines, and
 * the file-level error. Shared by the Node tests (broken-input.test.ts) and the browser test
 * (e2e/broken-input.spec.ts).
 */
export interface BrokenCase {
  name: string;
  bytes: Uint8Array;
  events: number;
  rejected: [line: number, message: string][];
  blank: number;
  /** A piece of the file-level error, or null for none. */
  error: string | null;
  /** Lines of a JSON Lines file (stored + rejected + blank must come to it). */
  lines?: number;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const join = (...parts: (Uint8Array | string | number[])[]) => {
  const arrays = parts.map((part) => (typeof part === 'string' ? utf8(part) : part instanceof Uint8Array ? part : new Uint8Array(part)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.byteLength, 0));
  let offset = 0;
  for (const array of arrays) {
    out.set(array, offset);
    offset += array.byteLength;
  }
  return out;
};

function utf16(text: string, bigEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out[2 + i * 2 + (bigEndian ? 1 : 0)] = code & 0xff;
    out[2 + i * 2 + (bigEndian ? 0 : 1)] = code >> 8;
  }
  return out;
}

/** Deterministic noise (a linear congruential generator): the same "binary file" on every run. */
function noise(length: number, seed = 11): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out[i] = state >>> 24;
  }
  return out;
}

export const asset = (id: string, title = 'Crème brûlée 😀') => JSON.stringify({ type: 'asset', asset_id: id, title });
const A1 = asset('a1');
const A2 = asset('a2');
const A3 = asset('a3');

export const BROKEN_CASES: BrokenCase[] = [
  { name: 'bom.jsonl', bytes: join([0xef, 0xbb, 0xbf], `${A1}\n${A2}\n`), events: 2, rejected: [], blank: 0, error: null, lines: 2 },
  { name: 'utf16le.jsonl', bytes: utf16(`${A1}\r\n${A2}\r\n`, false), events: 2, rejected: [], blank: 0, error: null, lines: 2 },
  { name: 'utf16be.jsonl', bytes: utf16(`${A1}\n${A2}\n`, true), events: 2, rejected: [], blank: 0, error: null, lines: 2 },
  { name: 'crlf.jsonl', bytes: utf8(`${A1}\r\n${A2}\r\n${A3}\r\n`), events: 3, rejected: [], blank: 0, error: null, lines: 3 },
  { name: 'cr-only.jsonl', bytes: utf8(`${A1}\r${A2}\r\r${A3}\r`), events: 3, rejected: [], blank: 1, error: null, lines: 4 },
  { name: 'no-final-newline.jsonl', bytes: utf8(`${A1}\n${A2}`), events: 2, rejected: [], blank: 0, error: null, lines: 2 },
  { name: 'truncated-last.jsonl', bytes: utf8(`${A1}\n${A2}\n{"type":"asset","asset_id":"a3","ti`), events: 2, rejected: [[3, 'not valid JSON: the text ends before the JSON value is complete']], blank: 0, error: null, lines: 3 },
  { name: 'blank-lines.jsonl', bytes: utf8(`\n${A1}\n\n   \t\n${A2}\n\n`), events: 2, rejected: [], blank: 4, error: null, lines: 6 },
  {
    name: 'invalid-utf8.jsonl', bytes: join(`${A1}\n{"type":"asset","asset_id":"caf`, [0xe9], `"}\n${A2}\n`),
    events: 2, rejected: [[2, 'invalid UTF-8: byte 0xE9']], blank: 0, error: null, lines: 3,
  },
  {
    name: 'nul.jsonl', bytes: join(`${A1}\n{"type":"asset","asset_id":"x`, [0x00], `"}\n${A2}\n`),
    events: 2, rejected: [[2, 'NUL byte']], blank: 0, error: null, lines: 3,
  },
  {
    name: 'nan-infinity.jsonl', bytes: utf8(`${A1}\n{"type":"asset","asset_id":"n","score":NaN}\n{"type":"asset","asset_id":"i","score":Infinity}\n${A2}\n`),
    events: 2, rejected: [[2, 'NaN (at character 40) is not a JSON value: write null, or leave the field out'], [3, 'Infinity (at character 40) is not a JSON value']], blank: 0, error: null, lines: 4,
  },
  { name: 'empty.jsonl', bytes: new Uint8Array(0), events: 0, rejected: [], blank: 0, error: null, lines: 0 },
  { name: 'binary.jsonl', bytes: noise(20_000), events: 0, rejected: [], blank: 0, error: 'not a text file' },
  {
    name: 'truncated-array.json', bytes: utf8(`[\n${A1},\n${A2},\n{"type":"asset","asset_id":"a3","ti`),
    events: 2, rejected: [[4, 'the file ends inside this element']], blank: 0, error: null,
  },
  {
    name: 'second-value.json', bytes: utf8(`[\n${A1}\n]\n[\n${A2}\n]\n`),
    events: 1, rejected: [[4, 'more content after the JSON document, which ended on line 3']], blank: 0, error: null,
  },
  {
    name: 'ragged.csv', bytes: utf8('type,asset_id,title\nasset,a1,One\nasset,a2\nasset,a3,Three,extra\nasset,a4,Four\n'),
    events: 2, rejected: [[3, 'the row has 2 cells, the header has 3'], [4, 'the row has 4 cells, the header has 3']], blank: 0, error: null,
  },
  {
    name: 'unbalanced-quote.csv', bytes: utf8('type,asset_id,title\nasset,a1,One\nasset,a2,"Two, never closed\nasset,a3,Three\nasset,a4,Four\n'),
    events: 3, rejected: [[3, 'the quote opened on line 3 is never closed']], blank: 0, error: null,
  },
  {
    name: 'quote-closes-late.csv', bytes: utf8('type,asset_id,title\nasset,a1,One\nasset,a2,"Two\nasset,a3,Three",x\nasset,a4,Four\n'),
    events: 2, rejected: [[3, 'the row has 4 cells, the header has 3 (it runs over lines 3–4: is a quote missing?)']], blank: 0, error: null,
  },
  {
    name: 'quoted-newlines.csv', bytes: utf8('type,asset_id,title\r\nasset,a1,"One\r\nline two, with ""quotes"""\r\nasset,a2,Two\r\n'),
    events: 2, rejected: [], blank: 0, error: null,
  },
  {
    name: 'cr-only.csv', bytes: utf8('type,asset_id,title\rasset,a1,One\rasset,a2,Two\r'),
    events: 2, rejected: [], blank: 0, error: null,
  },
  {
    name: 'duplicate-header.csv', bytes: utf8('type,asset_id,title,title\nasset,a1,One,Uno\nasset,a2,Two,Dos\n'),
    events: 0, rejected: [[1, 'the header names column "title" twice (columns 3 and 4)'], [2, 'because of the header'], [3, 'because of the header']], blank: 0, error: null,
  },
  { name: 'multi-member.jsonl.gz', bytes: join(gzipSync(`${A1}\n`), gzipSync(`${A2}\n`), gzipSync(`${A3}\n`)), events: 3, rejected: [], blank: 0, error: null, lines: 3 },
  {
    name: 'trailing-garbage.jsonl.gz', bytes: join(gzipSync(`${A1}\n${A2}\n`), 'this is not gzip at all'),
    events: 2, rejected: [], blank: 0, error: 'trailing garbage', lines: 2,
  },
  {
    name: 'corrupt.jsonl.gz', bytes: (() => {
      const good = gzipSync(`${A1}\n${A2}\n`);
      return join(good.subarray(0, 10), noise(good.byteLength - 10, 3));
    })(),
    events: 0, rejected: [], blank: 0, error: 'gzip data',
  },
  {
    name: 'cut-short.jsonl.gz', bytes: gzipSync(`${A1}\n${A2}\n${A3}\n`.repeat(50)).subarray(0, 60),
    // The text before the cut is read: its last, partial line is rejected.
    events: 0, rejected: [[1, 'JSON']], blank: 0, error: 'ends early',
  },
  { name: 'zeros.jsonl.gz', bytes: gzipSync(new Uint8Array(64 << 20)), events: 0, rejected: [], blank: 0, error: 'not a text file: it holds NUL bytes' },
];
