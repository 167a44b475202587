import { formatCount } from '../lib/format';

/**
 * The longest record (a line, a JSON element, a CSV row) read: 50 MB of text. Longer ones are
 * rejected with their size; holding them whole would run into the engine's string limit
 * ("Invalid string length") or the tab's memory.
 */
export const MAX_RECORD_CHARS = 50 * 1024 * 1024;

/** How much of a too-long record is kept as its raw text. */
export const RAW_HEAD_CHARS = 1000;

const megabytes = (chars: number) => `${(chars / (1024 * 1024)).toFixed(1)} MB`;

export function tooLongMessage(length: number, limit: number, what = 'line'): string {
  const size = limit >= 1024 * 1024 ? megabytes(length) : `${formatCount(length)} characters`;
  const max = limit >= 1024 * 1024 ? megabytes(limit) : `${formatCount(limit)} characters`;
  return `the ${what} is too long to read: ${size}, over the limit of ${max} for one ${what}`;
}
