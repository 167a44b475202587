const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The dates an ISO-8601 string can write (years 0000–9999); a number outside them is no date either. */
const MIN_MS = Date.parse('0000-01-01T00:00:00Z');
const MAX_MS = Date.parse('9999-12-31T23:59:59.999Z');
/**
 * Epoch seconds of the years 1973–5138 fall here, and as milliseconds they would all be early
 * 1970s: a number in this range was almost surely written in seconds. Smaller numbers are left
 * as milliseconds (synthetic logs count from 0).
 */
const SECONDS_FROM = 1e8;
const SECONDS_TO = 1e11;

export type TimestampReading = { ms: number } | { problem: string };

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const daysIn = (year: number, month: number) => (month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]);

function readNumber(value: number): TimestampReading {
  if (!Number.isFinite(value)) return { problem: 'is not a finite number' };
  const size = Math.abs(value);
  if (size >= SECONDS_FROM && size < SECONDS_TO) {
    return { problem: `looks like epoch seconds (as milliseconds it would be ${new Date(value).toISOString().slice(0, 10)}); write epoch milliseconds or an ISO-8601 string` };
  }
  if (value < MIN_MS || value > MAX_MS) return { problem: 'is outside the range of dates (years 0000 to 9999)' };
  return { ms: value };
}

function readIso(text: string): TimestampReading {
  const match = ISO_8601.exec(text);
  if (!match) return { problem: 'is not an ISO-8601 string or epoch milliseconds' };
  const part = (index: number) => (match[index] === undefined ? 0 : Number(match[index]));
  const [year, month, day, hour, minute, second] = [part(1), part(2), part(3), part(4), part(5), part(6)];
  // Date.parse rolls impossible dates over (Feb 30 → Mar 2): check each part first.
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) {
    return { problem: 'is not a real date or time' };
  }
  const hasTime = match[4] !== undefined;
  const utcText = hasTime && !match[7] ? `${text.replace(' ', 'T')}Z` : text.replace(' ', 'T');
  const ms = Date.parse(utcText);
  return Number.isNaN(ms) ? { problem: 'is not a real date or time' } : { ms };
}

const digit = (text: string, at: number) => text.charCodeAt(at) - 48;
const twoDigits = (text: string, at: number) => 10 * digit(text, at) + digit(text, at + 1);
const isDigitAt = (text: string, at: number) => {
  const code = text.charCodeAt(at);
  return code >= 48 && code <= 57;
};
const DIGITS_24 = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22];

/**
 * The common shapes `YYYY-MM-DDTHH:MM:SSZ` and `YYYY-MM-DDTHH:MM:SS.mmmZ` (years 0100–9999) read
 * without a regular expression: NaN for anything else, which readTimestamp then reads (or
 * explains). Gives the same instant as readIso, which most events of a log would otherwise pay for.
 */
function commonIsoMs(text: string): number {
  const length = text.length;
  if ((length !== 20 && length !== 24) || text.charCodeAt(length - 1) !== 90 /* Z */) return NaN;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return NaN;
  if (length === 24 && text.charCodeAt(19) !== 46) return NaN;
  const digits = length === 24 ? DIGITS_24.length : DIGITS_24.length - 3;
  for (let i = 0; i < digits; i++) if (!isDigitAt(text, DIGITS_24[i])) return NaN;
  const year = 100 * twoDigits(text, 0) + twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  // Date.UTC reads years 0–99 as 1900–1999; a date or time that is not real is readIso's to explain.
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) return NaN;
  const ms = length === 24 ? 100 * digit(text, 20) + 10 * digit(text, 21) + digit(text, 22) : 0;
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

/**
 * A `ts` as epoch milliseconds, or NaN when readTimestamp has a problem to tell: the same answer
 * without an object per event for the values most logs hold.
 */
export function timestampMs(value: unknown): number {
  if (typeof value === 'number') {
    const size = Math.abs(value);
    if (Number.isFinite(value) && !(size >= SECONDS_FROM && size < SECONDS_TO) && value >= MIN_MS && value <= MAX_MS) return value;
  } else if (typeof value === 'string') {
    const ms = commonIsoMs(value);
    if (ms === ms) return ms;
  }
  const reading = readTimestamp(value);
  return 'ms' in reading ? reading.ms : NaN;
}

/**
 * Reads a `ts` (docs/log-format.md: an ISO-8601 string or epoch milliseconds), or says why it is none.
 * A time without an offset is read as UTC so that the browser and Node agree; an offset gives the
 * instant it names.
 */
export function readTimestamp(value: unknown): TimestampReading {
  if (typeof value === 'number') return readNumber(value);
  if (typeof value !== 'string') return { problem: 'is not an ISO-8601 string or epoch milliseconds' };
  const text = value.trim();
  if (/^\d{9,}$/.test(text)) return readNumber(Number(text));
  return readIso(text);
}

/** Epoch milliseconds from an ISO-8601 string or an epoch-ms number; null when it is no timestamp. */
export function parseTimestamp(value: unknown): number | null {
  const reading = readTimestamp(value);
  return 'ms' in reading ? reading.ms : null;
}
