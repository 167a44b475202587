import type { ParquetParsers } from 'hyparquet';
import type { RejectionReason } from '../../schema/rejection';
import { deeperThan, MAX_NESTING } from '../../schema/nesting';

/**
 * A cell whose bytes are not the value its column's type says (text that is not UTF-8, JSON
 * that does not parse, a time out of range): its row is rejected with the reason, never stored
 * with a replacement character or an Invalid Date.
 */
export class UnreadableCell {
  constructor(readonly reason: RejectionReason, readonly problem: string) {}
  /** How the rejected row's text shows it. */
  toJSON() {
    return `(${this.problem})`;
  }
}

/** Dates reach ±8.64e15 ms (ECMA-262, "Time Values and Time Range"). */
const MAX_TIME_MS = 8.64e15;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Where UTF-8 first goes wrong in `bytes`, said as a byte and its position. */
function firstInvalidByte(bytes: Uint8Array): string {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i];
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
    const tail = bytes.subarray(i + 1, i + length);
    if (length === 0 || tail.length < length - 1 || tail.some((byte) => (byte & 0xc0) !== 0x80) || (length > 1 && !validSequence(bytes.subarray(i, i + length)))) {
      return `byte 0x${lead.toString(16).toUpperCase().padStart(2, '0')} at position ${i + 1}`;
    }
    i += length;
  }
  return 'a byte sequence';
}

const validSequence = (sequence: Uint8Array) => {
  try {
    utf8.decode(sequence);
    return true;
  } catch {
    return false;
  }
};

const floorDivide = (n: bigint, d: bigint) => n / d - (n < 0n && n % d !== 0n ? 1n : 0n);

function time(ms: number): Date | UnreadableCell {
  return Math.abs(ms) <= MAX_TIME_MS ? new Date(ms) : new UnreadableCell('bad_ts', 'is a time outside the range of dates');
}

/**
 * hyparquet's value parsers, strict: `onUnreadable` is called when a cell could not be read, so
 * that only then are the rows searched for it.
 */
export function strictParsers(onUnreadable: () => void): Partial<ParquetParsers> {
  const unreadable = (cell: UnreadableCell) => (onUnreadable(), cell);
  const checkedTime = (ms: number) => {
    const value = time(ms);
    return value instanceof UnreadableCell ? unreadable(value) : value;
  };
  const text = (bytes: Uint8Array): string | UnreadableCell => {
    try {
      return utf8.decode(bytes);
    } catch {
      return unreadable(new UnreadableCell('invalid_text', `is not UTF-8 text (${firstInvalidByte(bytes)})`));
    }
  };
  return {
    // Whole milliseconds, as the app keeps times; micro- and nanoseconds are cut toward the past.
    timestampFromMilliseconds: (millis: bigint) => checkedTime(Number(millis)),
    timestampFromMicroseconds: (micros: bigint) => checkedTime(Number(floorDivide(micros, 1000n))),
    timestampFromNanoseconds: (nanos: bigint) => checkedTime(Number(floorDivide(nanos, 1_000_000n))),
    dateFromDays: (days: number) => checkedTime(days * 86_400_000),
    stringFromBytes: (bytes: Uint8Array) => (bytes === undefined ? bytes : text(bytes)),
    jsonFromBytes: (bytes: Uint8Array) => {
      if (bytes === undefined) return bytes;
      const decoded = text(bytes);
      if (decoded instanceof UnreadableCell) return decoded;
      let value: unknown;
      try {
        value = JSON.parse(decoded);
      } catch {
        return unreadable(new UnreadableCell('invalid_json', 'is not valid JSON'));
      }
      if (typeof value === 'object' && value !== null && deeperThan(value, MAX_NESTING)) {
        return unreadable(new UnreadableCell('too_deep', `is nested more than ${MAX_NESTING} levels deep`));
      }
      return value;
    },
  } as Partial<ParquetParsers>;
}

/** The first unreadable cell of a row, with its column, searching nested lists and structs. */
export function firstUnreadableCell(row: Record<string, unknown>): { column: string; cell: UnreadableCell } | null {
  for (const column in row) {
    const pending: unknown[] = [row[column]];
    while (pending.length > 0) {
      const value = pending.pop();
      if (value instanceof UnreadableCell) return { column, cell: value };
      if (typeof value === 'object' && value !== null && !(value instanceof Date) && !ArrayBuffer.isView(value)) pending.push(...Object.values(value));
    }
  }
  return null;
}
