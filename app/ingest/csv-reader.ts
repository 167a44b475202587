import { formatCount, pluralize } from '../lib/format';
import { RAW_HEAD_CHARS } from './record-limits';
import { EVENT_FIELDS, type FieldKind } from '../schema/fields';
import { ownValue, setOwn } from '../schema/own-keys';
import type { RecordSink, TextRecordReader } from './record-sink';
import { printableRaw, textProblem } from './text-decode';

const QUOTE = 34, COMMA = 44, NEWLINE = 10, CR = 13;
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Turns a CSV cell into the value a JSON event would hold, following the schema's field kind.
 * A cell that does not convert stays a string, so validation reports the wrong type.
 */
export function cellValue(column: string, cell: string): unknown {
  const kind = ownValue(EVENT_FIELDS as Record<string, FieldKind>, column);
  switch (kind) {
    case 'strings':
    case 'numbers':
    case 'stages':
      try {
        return JSON.parse(cell);
      } catch {
        return cell;
      }
    case 'number':
      return NUMBER.test(cell.trim()) ? Number(cell) : cell;
    case 'ts':
      return /^\d{9,}$/.test(cell.trim()) ? Number(cell) : cell;
    case 'boolean': {
      const lower = cell.trim().toLowerCase();
      return lower === 'true' ? true : lower === 'false' ? false : cell;
    }
    default:
      return cell;
  }
}

/** The longest CSV row read (8 MB): a quoted field that runs on past it is taken for an unbalanced quote. */
export const MAX_CSV_RECORD_CHARS = 8 * 1024 * 1024;

/** Each header name once: a repeated one would make one column overwrite the other. */
function duplicateColumn(header: string[]): string | null {
  const seen = new Map<string, number>();
  for (const [index, name] of header.entries()) {
    const earlier = seen.get(name);
    if (earlier !== undefined) return `the header names column "${name}" twice (columns ${earlier + 1} and ${index + 1}): rename one of them`;
    seen.set(name, index);
  }
  return null;
}

/**
 * RFC 4180 CSV: a header row, then one event a row; quoted cells may hold commas and newlines.
 * Rows end at LF, CRLF or a lone CR. A quote left open (to the end of the file, or for more than
 * `maxRecordChars`) rejects the line it opened on, and the rows after that line are read again
 * as rows, instead of all going into one cell.
 */
export function createCsvReader(sink: RecordSink, options: { maxRecordChars?: number } = {}): TextRecordReader {
  const maxRecordChars = options.maxRecordChars ?? MAX_CSV_RECORD_CHARS;
  let buffer = '';
  let header: string[] | null = null;
  let headerProblem: string | null = null;
  let cells: string[] = [];
  let cell = '';
  let inQuotes = false;
  let quoteSeen = false;
  let quoteAt = 0;
  let quoteLine = 0;
  let line = 1;
  let recordLine = 1;
  let recordStart = 0;
  let blankLines = 0;
  let scanned = 0;

  const finishRecord = (end: number) => {
    cells.push(cell);
    const raw = printableRaw(buffer.slice(recordStart, end).replace(/\r$/, ''));
    const row = cells;
    cells = [];
    cell = '';
    if (row.length === 1 && row[0].trim() === '') {
      blankLines += 1;
      return;
    }
    const problem = textProblem(row.join(','));
    if (!header) {
      header = row.map((name) => name.trim());
      headerProblem = problem ? `the header row: ${problem}` : duplicateColumn(header);
      if (headerProblem) sink.malformed(recordLine, raw, 'invalid_csv', headerProblem);
      return;
    }
    if (headerProblem) {
      sink.malformed(recordLine, raw, 'invalid_csv', `not read, because of the header (line 1): ${headerProblem}`);
      return;
    }
    if (problem) {
      sink.malformed(recordLine, raw, 'invalid_text', problem.replace('the line holds', 'the row holds'));
      return;
    }
    if (row.length !== header.length) {
      // A row over several lines whose cells do not add up most often has a quote too many or too few.
      const spans = line > recordLine ? ` (it runs over lines ${recordLine}–${line}: is a quote missing?)` : '';
      sink.malformed(recordLine, raw, 'invalid_csv', `the row has ${pluralize(row.length, 'cell')}, the header has ${header.length}${spans}`);
      return;
    }
    // Header names are data: `__proto__`, `constructor` or `toString` is a column like any other.
    const value: Record<string, unknown> = Object.create(null);
    header.forEach((column, index) => {
      if (row[index] !== '') setOwn(value, column, cellValue(column, row[index]));
    });
    sink.value(recordLine, raw, value);
  };

  const endRecord = (end: number, next: number) => {
    finishRecord(end);
    quoteSeen = false;
    line += 1;
    recordLine = line;
    recordStart = next;
  };

  /**
   * The quote opened at `quoteAt` does not close: the row up to the end of that line is
   * rejected, and scanning starts again after it.
   */
  const rejectOpenQuote = (why: string): number => {
    let lineEnd = quoteAt;
    while (lineEnd < buffer.length && buffer.charCodeAt(lineEnd) !== NEWLINE && buffer.charCodeAt(lineEnd) !== CR) lineEnd++;
    const raw = buffer.slice(recordStart, Math.min(lineEnd, recordStart + RAW_HEAD_CHARS));
    sink.malformed(quoteLine, printableRaw(raw), 'invalid_csv', `the quote opened on line ${quoteLine} ${why}: a quote is missing (or one too many), so this row is not read`);
    inQuotes = false;
    cells = [];
    cell = '';
    quoteSeen = false;
    line = quoteLine + 1;
    recordLine = line;
    const next = buffer.charCodeAt(lineEnd) === CR && buffer.charCodeAt(lineEnd + 1) === NEWLINE ? lineEnd + 2 : lineEnd + 1;
    recordStart = Math.min(next, buffer.length);
    return recordStart;
  };

  /** Scans from `from`; returns where it stopped (before a quote or CR whose meaning is in the next chunk). */
  const scan = (from: number, final: boolean): number => {
    for (let i = from; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (inQuotes) {
        if (c === QUOTE) {
          if (i + 1 === buffer.length && !final) return i;
          if (buffer.charCodeAt(i + 1) === QUOTE) {
            cell += '"';
            i += 1;
          } else inQuotes = false;
        } else {
          if (c === CR && i + 1 === buffer.length && !final) return i;
          if (c === NEWLINE || (c === CR && buffer.charCodeAt(i + 1) !== NEWLINE)) line += 1;
          cell += buffer[i];
          if (i - quoteAt > maxRecordChars) i = rejectOpenQuote(`runs on for more than ${formatCount(maxRecordChars)} characters`) - 1;
        }
      } else if (c === QUOTE && cell === '' && !quoteSeen) {
        inQuotes = true;
        quoteSeen = true;
        quoteAt = i;
        quoteLine = line;
      } else if (c === COMMA) {
        cells.push(cell);
        cell = '';
        quoteSeen = false;
      } else if (c === NEWLINE) {
        endRecord(i, i + 1);
      } else if (c === CR) {
        if (i + 1 === buffer.length && !final) return i;
        const crlf = buffer.charCodeAt(i + 1) === NEWLINE;
        endRecord(i, crlf ? i + 2 : i + 1);
        if (crlf) i += 1;
      } else {
        cell += buffer[i];
      }
    }
    return buffer.length;
  };

  return {
    push(chunk) {
      const carried = buffer.slice(recordStart);
      const resumeAt = scanned - recordStart;
      quoteAt -= recordStart;
      buffer = carried + chunk;
      recordStart = 0;
      scanned = scan(resumeAt, false);
    },
    end() {
      scanned = scan(scanned, true);
      while (inQuotes) scanned = scan(rejectOpenQuote('is never closed'), true);
      if (buffer.length > recordStart || cells.length > 0 || cell !== '') finishRecord(buffer.length);
      buffer = '';
      recordStart = 0;
    },
    get blankLines() {
      return blankLines;
    },
  };
}
