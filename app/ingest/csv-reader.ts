import { pluralize } from '../lib/format';
import { EVENT_FIELDS, type FieldKind } from '../schema/fields';
import type { RecordSink, TextRecordReader } from './record-sink';

const QUOTE = 34, COMMA = 44, NEWLINE = 10, CR = 13;
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Turns a CSV cell into the value a JSON event would hold, following the schema's field kind.
 * A cell that does not convert stays a string, so validation reports the wrong type.
 */
export function cellValue(column: string, cell: string): unknown {
  const kind = (EVENT_FIELDS as Record<string, FieldKind>)[column];
  switch (kind) {
    case 'strings':
    case 'numbers':
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

/** RFC 4180 CSV: a header row, then one event a row; quoted cells may hold commas and newlines. */
export function createCsvReader(sink: RecordSink): TextRecordReader {
  let buffer = '';
  let header: string[] | null = null;
  let cells: string[] = [];
  let cell = '';
  let inQuotes = false;
  let quoteSeen = false;
  let line = 1;
  let recordLine = 1;
  let recordStart = 0;
  let blankLines = 0;
  let scanned = 0;

  const finishRecord = (end: number) => {
    cells.push(cell);
    const raw = buffer.slice(recordStart, end).replace(/\r$/, '');
    const row = cells;
    cells = [];
    cell = '';
    if (row.length === 1 && row[0].trim() === '') {
      blankLines += 1;
      return;
    }
    if (!header) {
      header = row.map((name) => name.trim());
      return;
    }
    if (row.length !== header.length) {
      sink.malformed(recordLine, raw, 'invalid_csv', `the row has ${pluralize(row.length, 'cell')}, the header has ${header.length}`);
      return;
    }
    const value: Record<string, unknown> = {};
    header.forEach((column, index) => {
      if (row[index] !== '') value[column] = cellValue(column, row[index]);
    });
    sink.value(recordLine, raw, value);
  };

  /** Scans from `from`; returns where it stopped (before a quote whose pair is in the next chunk). */
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
          if (c === NEWLINE) line += 1;
          cell += buffer[i];
        }
      } else if (c === QUOTE && cell === '' && !quoteSeen) {
        inQuotes = true;
        quoteSeen = true;
      } else if (c === COMMA) {
        cells.push(cell);
        cell = '';
        quoteSeen = false;
      } else if (c === NEWLINE) {
        finishRecord(i);
        quoteSeen = false;
        line += 1;
        recordLine = line;
        recordStart = i + 1;
      } else if (c !== CR) {
        cell += buffer[i];
      }
    }
    return buffer.length;
  };

  return {
    push(chunk) {
      const carried = buffer.slice(recordStart);
      const resumeAt = scanned - recordStart;
      buffer = carried + chunk;
      recordStart = 0;
      scanned = scan(resumeAt, false);
    },
    end() {
      scanned = scan(scanned, true);
      if (buffer.length > recordStart || cells.length > 0 || cell !== '') finishRecord(buffer.length);
      buffer = '';
      recordStart = 0;
    },
    get blankLines() {
      return blankLines;
    },
  };
}
