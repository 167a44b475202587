import { firstInvalidUtf8 } from './text-sniff';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** Bytes to text, chunk by chunk; a character cut across two chunks is joined. */
export interface TextDecoding {
  decode(bytes: Uint8Array): string;
  /** The text held back at the end (a sequence the file cut short). */
  end(): string;
}

/**
 * A byte that is not part of well-formed UTF-8 becomes the lone surrogate U+DC80–U+DCFF (as
 * Python's "surrogateescape" does). Decoded UTF-8 never holds a lone surrogate, so the readers
 * can tell such a line apart and reject it, naming the byte, instead of storing U+FFFD silently.
 */
const ESCAPE_BASE = 0xdc00;
const ESCAPED_OR_NUL = /[\u0000\udc80-\udcff]/;

/** Why a line's text cannot be stored (a NUL or a byte that is not UTF-8), or null. */
export function textProblem(text: string): string | null {
  const at = text.search(ESCAPED_OR_NUL);
  if (at === -1) return null;
  const code = text.charCodeAt(at);
  if (code === 0) return `the line holds a NUL byte (at character ${at + 1})`;
  const byte = (code - ESCAPE_BASE).toString(16).toUpperCase().padStart(2, '0');
  return `invalid UTF-8: byte 0x${byte} (at character ${at + 1}) is not UTF-8, which logs are read as`;
}

/** The raw text of a rejected line, shown with U+FFFD where the file held a byte that is not UTF-8. */
export function printableRaw(text: string): string {
  return text.replace(/[\udc80-\udcff]/g, '\ufffd');
}

/** Where the last, possibly incomplete, UTF-8 sequence of `bytes` starts when it is cut off; else bytes.length. */
function incompleteTailStart(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back];
    if ((byte & 0xc0) === 0x80) continue;
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

function escapeInvalid(bytes: Uint8Array, fatal: TextDecoder): string {
  let text = '';
  let from = 0;
  while (from < bytes.length) {
    const rest = bytes.subarray(from);
    const bad = firstInvalidUtf8(rest, true);
    if (bad === -1) return text + fatal.decode(rest);
    text += fatal.decode(rest.subarray(0, bad)) + String.fromCharCode(ESCAPE_BASE + rest[bad]);
    from += bad + 1;
  }
  return text;
}

/** UTF-8 with a byte order mark at the start dropped, and bytes that are not UTF-8 escaped (see ESCAPE_BASE). */
export function createUtf8Decoding(options: { dropBom?: boolean } = {}): TextDecoding {
  const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let pending: Uint8Array = new Uint8Array(0);
  let atStart = options.dropBom ?? true;
  const decodeWhole = (bytes: Uint8Array) => {
    try {
      return fatal.decode(bytes);
    } catch {
      return escapeInvalid(bytes, fatal);
    }
  };
  return {
    decode(chunk) {
      let bytes = chunk;
      if (pending.length > 0) {
        bytes = new Uint8Array(pending.length + chunk.length);
        bytes.set(pending);
        bytes.set(chunk, pending.length);
      }
      if (atStart) {
        if (bytes.length < 3 && bytes.every((byte, i) => byte === [0xef, 0xbb, 0xbf][i])) {
          pending = bytes.slice();
          return '';
        }
        atStart = false;
        if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
      }
      const cut = incompleteTailStart(bytes);
      pending = bytes.slice(cut);
      return decodeWhole(bytes.subarray(0, cut));
    },
    end() {
      const rest = pending;
      pending = new Uint8Array(0);
      return rest.length > 0 ? escapeInvalid(rest, fatal) : '';
    },
  };
}

/** UTF-16 as the byte order mark (or the pattern of zero bytes) said; a broken sequence stops the file. */
function createUtf16Decoding(encoding: 'utf-16le' | 'utf-16be'): TextDecoding {
  const decoder = new TextDecoder(encoding, { fatal: true });
  const guarded = (decode: () => string) => {
    try {
      return decode();
    } catch {
      throw new ReadProblem(`the file is ${encoding === 'utf-16le' ? 'UTF-16 LE' : 'UTF-16 BE'} text with a broken character; the lines before it are loaded`);
    }
  };
  return {
    decode: (bytes) => guarded(() => decoder.decode(bytes, { stream: true })),
    end: () => guarded(() => decoder.decode()),
  };
}

export function createTextDecoding(encoding: TextEncoding): TextDecoding {
  return encoding === 'utf-8' ? createUtf8Decoding() : createUtf16Decoding(encoding);
}

/** A file that stopped being readable part way, with a message for the user (the lines before it stay loaded). */
export class ReadProblem extends Error {
  override name = 'ReadProblem';
}
