import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8, notTextReason, sniffText } from './text-sniff';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)));
const LINE = '{"type":"asset","asset_id":"a1"}\n';

describe('firstInvalidUtf8', () => {
  it.each([
    ['ASCII', bytes(LINE), -1],
    ['2-, 3- and 4-byte sequences (é, €, 😀)', bytes('é€😀'), -1],
    ['a lone continuation byte', bytes('ab', [0x80]), 2],
    ['an overlong "/" (C0 AF)', bytes('a', [0xc0, 0xaf]), 1],
    ['an overlong 3-byte form (E0 80 AF)', bytes([0xe0, 0x80, 0xaf]), 0],
    ['a UTF-16 surrogate (ED A0 80)', bytes('xy', [0xed, 0xa0, 0x80]), 2],
    ['above U+10FFFF (F4 90 80 80)', bytes([0xf4, 0x90, 0x80, 0x80]), 0],
    ['F5 and above', bytes('a', [0xf5, 0x80, 0x80, 0x80]), 1],
    ['Latin-1 é between ASCII letters', bytes('caf', [0xe9], ' au lait'), 3],
    ['a lead byte followed by ASCII', bytes([0xe2, 0x82], 'x'), 0],
  ])('%s', (_, input, expected) => {
    expect(firstInvalidUtf8(input, true)).toBe(expected);
  });

  it('a sequence cut off by the end of a prefix is not an error; at the end of the file it is', () => {
    const cut = bytes('price ', [0xe2, 0x82]);
    expect(firstInvalidUtf8(cut, false)).toBe(-1);
    expect(firstInvalidUtf8(cut, true)).toBe(6);
  });
});

describe('notTextReason', () => {
  const pngHeader = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52];

  it.each([
    ['JSON Lines', bytes(LINE, LINE)],
    ['JSON Lines with a UTF-8 byte order mark', bytes([0xef, 0xbb, 0xbf], LINE)],
    ['CSV with accents, a euro sign and an emoji', bytes('type,query\nretrieval,crème brûlée à 5 € 😀\n')],
    ['an empty file', bytes()],
  ])('%s is text', (_, input) => {
    expect(notTextReason(input, true)).toBeNull();
  });

  it.each([
    ['a PNG image', bytes(pngHeader), 'not a text file: a PNG image'],
    ['a ZIP archive', bytes('PK', [0x03, 0x04, 0x14, 0x00]), 'not a text file: a ZIP archive (unzip it and load the logs inside)'],
    ['a PDF document', bytes('%PDF-1.7\n'), 'not a text file: a PDF document'],
    ['a Parquet file', bytes('PAR1', [0x15, 0x04]), 'not a text file: a Parquet file (name it .parquet to load it)'],
    ['NUL bytes throughout', bytes('{"type":', new Array(40).fill(0x00), '}'), 'not a text file: it holds NUL bytes (the first at offset 8)'],
    ['bytes that are mostly not UTF-8', bytes('{', new Array(40).fill(0xe9), '}'), 'not a text file: byte 0xE9 at offset 1 is not UTF-8, which logs are read as, nor are most bytes after it'],
  ])('%s', (_, input, reason) => {
    expect(sniffText(input, true)).toEqual({ encoding: null, error: reason });
  });

  it.each([
    ['one NUL in a line (that line is rejected, not the file)', bytes(LINE, '{"type":', [0x00], '}\n', LINE), 'utf-8'],
    ['one Latin-1 byte (that line is rejected, not the file)', bytes(LINE, 'caf', [0xe9], '\n', LINE), 'utf-8'],
    ['UTF-16 LE with a byte order mark', bytes([0xff, 0xfe, 0x7b, 0x00]), 'utf-16le'],
    ['UTF-16 BE with a byte order mark', bytes([0xfe, 0xff, 0x00, 0x7b]), 'utf-16be'],
    ['UTF-16 little-endian without one', bytes([0x7b, 0x00, 0x22, 0x00]), 'utf-16le'],
    ['UTF-16 big-endian without one', bytes([0x00, 0x7b, 0x00, 0x22]), 'utf-16be'],
  ])('%s is text, read as %s', (_, input, encoding) => {
    expect(sniffText(input, true)).toEqual({ encoding, error: null });
  });

  it('UTF-16 is not split across workers (notTextReason is for UTF-8 only)', () => {
    expect(notTextReason(bytes([0xff, 0xfe, 0x7b, 0x00]), true)).toBe('UTF-16LE text');
  });

  it('a magic number that is only the start of a text line is still text', () => {
    expect(notTextReason(bytes('PAR'), true)).toBeNull();
    expect(notTextReason(bytes('PK is the first column\n'), true)).toBeNull();
  });
});
