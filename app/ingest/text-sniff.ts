import { formatCount } from '../lib/format';
import type { TextEncoding } from './text-decode';

/** How much of a file (after gunzip) is looked at before its lines are read: at least this many bytes. */
export const SNIFF_BYTES = 8192;

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/** File kinds people load by mistake, by their first bytes. Text formats have no magic, so none is here. */
const MAGIC: { bytes: number[]; what: string }[] = [
  { bytes: ascii('PAR1'), what: 'a Parquet file (name it .parquet to load it)' },
  { bytes: [0x89, ...ascii('PNG\r\n\x1a\n')], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { bytes: ascii('GIF8'), what: 'a GIF image' },
  { bytes: ascii('%PDF-'), what: 'a PDF document' },
  { bytes: ascii('PK\x03\x04'), what: 'a ZIP archive (unzip it and load the logs inside)' },
  { bytes: ascii('PK\x05\x06'), what: 'an empty ZIP archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: 'a 7-Zip archive' },
  { bytes: [0xfd, ...ascii('7zXZ'), 0x00], what: 'xz-compressed (decompress it first; gzip is read as is)' },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], what: 'zstd-compressed (decompress it first; gzip is read as is)' },
  { bytes: ascii('SQLite format 3\x00'), what: 'an SQLite database' },
];

const startsWith = (head: Uint8Array, bytes: number[]) => head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte);
const hex = (byte: number) => `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * The offset of the first byte that is not part of a well-formed UTF-8 sequence (RFC 3629: no
 * overlong forms, no surrogates, nothing above U+10FFFF), or -1. When `complete` is false the
 * bytes are a prefix, and a sequence cut off at their end is not an error.
 */
export function firstInvalidUtf8(bytes: Uint8Array, complete: boolean): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i];
    if (lead < 0x80) {
      i++;
      continue;
    }
    let following: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) following = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      following = 2;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      following = 3;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let j = 1; j <= following; j++) {
      if (i + j >= bytes.length) return complete ? i : -1;
      const byte = bytes[i + j];
      if (byte < (j === 1 ? low : 0x80) || byte > (j === 1 ? high : 0xbf)) return i;
    }
    i += following + 1;
  }
  return -1;
}

/** Bytes no text log holds: control characters other than tab, line ends, form feed and escape. */
const isControl = (byte: number) => byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1b;

/** Above these shares of the head a file is binary; below, a stray NUL or a Latin-1 byte rejects its own line only. */
const BINARY_CONTROL_SHARE = 0.05;
const BINARY_INVALID_SHARE = 0.2;

function utf16Encoding(head: Uint8Array): TextEncoding | null {
  if (startsWith(head, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(head, [0xfe, 0xff])) return 'utf-16be';
  if (head.length >= 4 && head[0] !== 0 && head[1] === 0 && head[2] !== 0 && head[3] === 0) return 'utf-16le';
  if (head.length >= 4 && head[0] === 0 && head[1] !== 0 && head[2] === 0 && head[3] !== 0) return 'utf-16be';
  return null;
}

export type TextSniff = { encoding: TextEncoding; error: null } | { encoding: null; error: string };

/**
 * How a file's text is encoded (UTF-8, or UTF-16 by its byte order mark or its zero bytes),
 * judged by its first bytes (after gunzip), or why it is not text at all. A binary file read
 * line by line would give a rejected row of mojibake for every "line"; this gives one
 * file-level error instead.
 */
export function sniffText(head: Uint8Array, complete: boolean): TextSniff {
  const magic = MAGIC.find((entry) => startsWith(head, entry.bytes));
  if (magic) return { encoding: null, error: `not a text file: ${magic.what}` };
  const utf16 = utf16Encoding(head);
  if (utf16) return { encoding: utf16, error: null };
  let controls = 0;
  let firstControl = -1;
  for (let i = 0; i < head.length; i++) {
    if (!isControl(head[i])) continue;
    controls++;
    if (firstControl === -1) firstControl = i;
  }
  if (controls > Math.max(8, head.length * BINARY_CONTROL_SHARE)) {
    const what = head[firstControl] === 0 ? 'NUL bytes' : 'control bytes';
    return { encoding: null, error: `not a text file: it holds ${what} (the first at offset ${formatCount(firstControl)})` };
  }
  let invalid = 0;
  let firstInvalid = -1;
  for (let from = 0; from < head.length; ) {
    const at = firstInvalidUtf8(head.subarray(from), complete);
    if (at === -1) break;
    invalid++;
    if (firstInvalid === -1) firstInvalid = from + at;
    from += at + 1;
  }
  if (invalid > Math.max(8, head.length * BINARY_INVALID_SHARE)) {
    return { encoding: null, error: `not a text file: byte ${hex(head[firstInvalid])} at offset ${formatCount(firstInvalid)} is not UTF-8, which logs are read as, nor are most bytes after it` };
  }
  return { encoding: 'utf-8', error: null };
}

/** Why a file is not UTF-8 text (UTF-16 is named, and read by ingest-file.ts), or null when it is. */
export function notTextReason(head: Uint8Array, complete: boolean): string | null {
  const sniff = sniffText(head, complete);
  return sniff.encoding === 'utf-8' ? null : (sniff.error ?? `${sniff.encoding.toUpperCase()} text`);
}
