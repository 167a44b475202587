import { MAX_RECORD_CHARS, RAW_HEAD_CHARS, tooLongMessage } from './record-limits';
import type { RecordSink, TextRecordReader } from './record-sink';
import { printableRaw, textProblem } from './text-decode';

const LF = 10;

export interface LineReaderOptions {
  /** A line longer than this is rejected with its length instead of being held whole. */
  maxLineChars?: number;
}

/**
 * One record a line. A line ends at LF, CRLF or a lone CR (old Mac line ends), so a file of any
 * of these gives the same lines; a CR at the end of one chunk and an LF at the start of the next
 * are one line end. A line longer than the limit is rejected with its length, never held whole.
 */
export function createJsonLinesReader(sink: RecordSink, options: LineReaderOptions = {}): TextRecordReader {
  const maxLineChars = options.maxLineChars ?? MAX_RECORD_CHARS;
  let carry = '';
  let line = 0;
  let blankLines = 0;
  /** The chunk before ended in CR: an LF starting this one belongs to it. */
  let afterCr = false;
  /** Characters of the current line seen once it grew too long (0: it has not), and its first characters. */
  let overflow = 0;
  let overflowHead = '';

  const emit = (text: string) => {
    line += 1;
    if (text.trim() === '') {
      blankLines += 1;
      return;
    }
    const problem = textProblem(text);
    if (problem) sink.malformed(line, printableRaw(text), 'invalid_text', problem);
    else sink.text(line, text);
  };
  const emitTooLong = (length: number, head: string) => {
    line += 1;
    overflow = 0;
    overflowHead = '';
    sink.malformed(line, `${printableRaw(head.slice(0, RAW_HEAD_CHARS))}…`, 'invalid_text', tooLongMessage(length, maxLineChars));
  };
  /** Text of a line whose end is still to come. */
  const hold = (text: string) => {
    if (overflow > 0) overflow += text.length;
    else if (carry.length + text.length > maxLineChars) {
      overflowHead = carry.length >= RAW_HEAD_CHARS ? carry.slice(0, RAW_HEAD_CHARS) : carry + text.slice(0, RAW_HEAD_CHARS);
      overflow = carry.length + text.length;
      carry = '';
    } else carry += text;
  };
  /** The last text of a line. */
  const take = (text: string) => {
    if (overflow > 0) return emitTooLong(overflow + text.length, overflowHead);
    const whole = carry === '' ? text : carry + text;
    carry = '';
    if (whole.length > maxLineChars) emitTooLong(whole.length, whole.slice(0, RAW_HEAD_CHARS));
    else emit(whole);
  };

  return {
    push(chunk) {
      if (chunk === '') return;
      let lineStart = 0;
      if (afterCr) {
        afterCr = false;
        if (chunk.charCodeAt(0) === LF) lineStart = 1;
      }
      // Each position is searched again only once passed: a file without CR costs one search for it.
      let lf = chunk.indexOf('\n', lineStart);
      let cr = chunk.indexOf('\r', lineStart);
      while (lf !== -1 || cr !== -1) {
        let end: number;
        let next: number;
        if (cr !== -1 && (lf === -1 || cr < lf)) {
          end = cr;
          if (cr + 1 === chunk.length) afterCr = true;
          next = chunk.charCodeAt(cr + 1) === LF ? cr + 2 : cr + 1;
        } else {
          end = lf;
          next = lf + 1;
        }
        take(chunk.slice(lineStart, end));
        lineStart = next;
        if (lf !== -1 && lf < lineStart) lf = chunk.indexOf('\n', lineStart);
        if (cr !== -1 && cr < lineStart) cr = chunk.indexOf('\r', lineStart);
      }
      hold(lineStart === 0 ? chunk : chunk.slice(lineStart));
    },
    end() {
      if (carry !== '' || overflow > 0) take('');
      carry = '';
    },
    get blankLines() {
      return blankLines;
    },
  };
}
