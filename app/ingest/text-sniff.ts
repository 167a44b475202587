import { formatCount } from '../lib/format';

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

/**
 * Why a file cannot be read as UTF-8 text, judged by its first bytes (after gunzip), or null
 * when it can. A binary file read line by line would give a rejected row of mojibake for every
 * "line"; this gives one file-level error instead.
 */
export function notTextReason(head: Uint8Array, complete: boolean): string | null {
  const magic = MAGIC.find((entry) => startsWith(head, entry.bytes));
  if (magic) return `not a text file: ${magic.what}`;
  const utf16 = startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])
    || (head.length >= 4 && head[0] !== 0 && head[1] === 0 && head[2] !== 0 && head[3] === 0)
    || (head.length >= 4 && head[0] === 0 && head[1] !== 0 && head[2] === 0 && head[3] !== 0);
  if (utf16) return 'UTF-16 text, which is not read: save the file as UTF-8';
  const nul = head.indexOf(0);
  if (nul !== -1) return `not a text file: it holds NUL bytes (the first at offset ${formatCount(nul)})`;
  const invalid = firstInvalidUtf8(head, complete);
  if (invalid !== -1) return `not a text file: byte ${hex(head[invalid])} at offset ${formatCount(invalid)} is not UTF-8, which logs are read as`;
  return null;
}
