import { MAX_RECORD_CHARS, RAW_HEAD_CHARS, tooLongMessage } from './record-limits';
import type { RecordSink, TextRecordReader } from './record-sink';
import { printableRaw, textProblem } from './text-decode';

const QUOTE = 34, BACKSLASH = 92, NEWLINE = 10, COMMA = 44, COLON = 58;
const OPEN_BRACE = 123, CLOSE_BRACE = 125, OPEN_BRACKET = 91, CLOSE_BRACKET = 93;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** The arrays of a top-level object whose elements are streamed. */
const STREAMED_KEYS = new Set(['events', 'resourceSpans', 'data']);

/**
 * Streams the elements of a JSON array, of the `events` array of a top-level object, of the
 * `resourceSpans` array of an OTLP trace document, or of the `data` array of a page of Phoenix's
 * REST span export (`{"data": [...], "next_cursor": …}`), without holding the whole file: it scans
 * structure only and hands each element's text on.
 */
export function createJsonArrayReader(sink: RecordSink, options: { maxElementChars?: number } = {}): TextRecordReader {
  const maxElementChars = options.maxElementChars ?? MAX_RECORD_CHARS;
  let buffer = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let line = 1;
  let elementDepth = -1;
  let elementStart = -1;
  let elementLine = 0;
  let keyStart = -1;
  let lastKey = '';
  let streamedKey = '';
  let resourceSpansIndex = 0;
  let dataIndex = 0;
  let finished = false;
  let sawAnything = false;
  let firstLine = '';
  /** Where the top-level value closed (0: not yet), and text after it, which is not read. */
  let closedOnLine = 0;
  let trailingLine = 0;
  let trailing = '';
  /** Characters of the open element once it grew too long (0: it has not), and its first characters. */
  let overflow = 0;
  let overflowHead = '';
  let pieceChars = 0;
  // The text of the open element (or key) that earlier chunks held, joined once when it closes:
  // a large element (one resourceSpans of a collector file) is never copied chunk after chunk.
  const pieces: string[] = [];
  const textFrom = (start: number, end?: number) => {
    const text = pieces.length > 0 ? pieces.join('') + buffer.slice(start, end) : buffer.slice(start, end);
    pieces.length = 0;
    pieceChars = 0;
    return text;
  };

  const closeElement = (end: number) => {
    if (elementStart < 0) return;
    if (overflow > 0) {
      const length = overflow + end - elementStart;
      overflow = 0;
      elementStart = -1;
      sink.malformed(elementLine, `${printableRaw(overflowHead)}…`, 'invalid_text', tooLongMessage(length, maxElementChars, 'element'));
      return;
    }
    const raw = textFrom(elementStart, end).trim();
    elementStart = -1;
    if (raw === '') return;
    const problem = textProblem(raw);
    if (problem) return sink.malformed(elementLine, printableRaw(raw), 'invalid_text', problem.replace('the line holds', 'the element holds'));
    if (streamedKey === 'resourceSpans') {
      if (sink.resourceSpans) sink.resourceSpans(elementLine, raw, resourceSpansIndex++);
      else sink.text(elementLine, `{"resourceSpans":[${raw}]}`);
    } else if (streamedKey === 'data') {
      if (sink.pageSpan) sink.pageSpan(elementLine, raw, dataIndex++);
      else sink.text(elementLine, `{"data":[${raw}],"next_cursor":null}`);
    } else sink.text(elementLine, raw);
  };

  const scan = (from: number) => {
    for (let i = from; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (c === NEWLINE) line += 1;
      if (closedOnLine > 0) {
        if (trailingLine === 0 && !isSpace(c)) trailingLine = line;
        if (trailingLine > 0 && trailing.length < RAW_HEAD_CHARS) trailing += buffer[i];
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (keyStart >= 0) {
            lastKey = textFrom(keyStart, i);
            keyStart = -1;
          }
        }
        continue;
      }
      if (isSpace(c)) continue;
      sawAnything = true;
      if (finished) {
        // Only the depth is followed now, to find where the document ends.
        if (c === QUOTE) inString = true;
        else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth += 1;
        else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) closedOnLine = line;
        continue;
      }
      if (depth === elementDepth && elementStart < 0 && c !== COMMA && c !== CLOSE_BRACKET) {
        elementStart = i;
        elementLine = line;
      }
      if (c === QUOTE) {
        inString = true;
        if (depth === 1 && elementDepth !== 1) keyStart = i + 1;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (depth === 0 && c === OPEN_BRACKET) elementDepth = 1;
        else if (depth === 1 && elementDepth < 0 && c === OPEN_BRACKET && STREAMED_KEYS.has(lastKey)) {
          elementDepth = 2;
          streamedKey = lastKey;
        }
        depth += 1;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        // A closer with nothing open: the file is not one JSON document, which end() reports.
        if (depth === 0) continue;
        if (depth === elementDepth && c === CLOSE_BRACKET) {
          closeElement(i);
          finished = true;
        }
        depth -= 1;
        if (depth === 0 && finished) closedOnLine = line;
      } else if (c === COMMA && depth === elementDepth) {
        closeElement(i);
      } else if (c !== COLON && depth === 1 && elementDepth !== 1) {
        lastKey = '';
      }
    }
  };

  return {
    push(chunk) {
      if (line === 1 && firstLine.length < 200) firstLine += chunk.slice(0, 200);
      if (elementStart >= 0) {
        if (overflow > 0) overflow += buffer.length - elementStart;
        else {
          pieces.push(buffer.slice(elementStart));
          pieceChars += buffer.length - elementStart;
          if (pieceChars > maxElementChars) {
            overflow = pieceChars;
            overflowHead = pieces.join('').slice(0, RAW_HEAD_CHARS);
            pieces.length = 0;
            pieceChars = 0;
          }
        }
        elementStart = 0;
      } else if (keyStart >= 0) {
        pieces.push(buffer.slice(keyStart));
        keyStart = 0;
      }
      buffer = chunk;
      scan(0);
    },
    end() {
      if (elementStart >= 0) {
        sink.malformed(elementLine, textFrom(elementStart), 'invalid_json', 'the file ends inside this element');
      } else if (elementDepth < 0 && sawAnything) {
        sink.malformed(1, firstLine.split('\n')[0] ?? '', 'invalid_json', 'expected a JSON array of events, {"events": [...]}, an OpenTelemetry trace document {"resourceSpans": [...]} or a page of Phoenix\'s span export {"data": [...]}');
      } else if (elementDepth > 0 && !finished) {
        sink.malformed(line, '', 'invalid_json', `the file ends before the ${streamedKey || 'events'} array is closed`);
      } else if (trailingLine > 0) {
        sink.malformed(trailingLine, printableRaw(trailing), 'invalid_json', `more content after the JSON document, which ended on line ${closedOnLine}: a file holds one array (or one object), so this is not read`);
      }
      buffer = '';
    },
    blankLines: 0,
  };
}
