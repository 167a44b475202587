import type { RecordSink, TextRecordReader } from './record-sink';

const QUOTE = 34, BACKSLASH = 92, NEWLINE = 10, COMMA = 44, COLON = 58;
const OPEN_BRACE = 123, CLOSE_BRACE = 125, OPEN_BRACKET = 91, CLOSE_BRACKET = 93;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * Streams the elements of a JSON array, or of the `events` array of a top-level object,
 * without holding the whole file: it scans structure only and hands each element's text on.
 */
export function createJsonArrayReader(sink: RecordSink): TextRecordReader {
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
  let finished = false;
  let sawAnything = false;
  let firstLine = '';

  const closeElement = (end: number) => {
    if (elementStart < 0) return;
    const raw = buffer.slice(elementStart, end).trim();
    if (raw !== '') sink.text(elementLine, raw);
    elementStart = -1;
  };

  const scan = (from: number) => {
    for (let i = from; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (c === NEWLINE) line += 1;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (keyStart >= 0) {
            lastKey = buffer.slice(keyStart, i);
            keyStart = -1;
          }
        }
        continue;
      }
      if (isSpace(c)) continue;
      sawAnything = true;
      if (finished) continue;
      if (depth === elementDepth && elementStart < 0 && c !== COMMA && c !== CLOSE_BRACKET) {
        elementStart = i;
        elementLine = line;
      }
      if (c === QUOTE) {
        inString = true;
        if (depth === 1 && elementDepth !== 1) keyStart = i + 1;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (depth === 0 && c === OPEN_BRACKET) elementDepth = 1;
        else if (depth === 1 && elementDepth < 0 && c === OPEN_BRACKET && lastKey === 'events') elementDepth = 2;
        depth += 1;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (depth === elementDepth && c === CLOSE_BRACKET) {
          closeElement(i);
          finished = true;
        }
        depth -= 1;
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
      const carried = elementStart >= 0 ? buffer.slice(elementStart) : keyStart >= 0 ? buffer.slice(keyStart) : '';
      if (elementStart >= 0) elementStart = 0;
      if (keyStart >= 0) keyStart = 0;
      buffer = carried + chunk;
      scan(carried.length);
    },
    end() {
      if (elementStart >= 0) {
        sink.malformed(elementLine, buffer.slice(elementStart), 'invalid_json', 'the file ends inside this element');
      } else if (elementDepth < 0 && sawAnything) {
        sink.malformed(1, firstLine.split('\n')[0] ?? '', 'invalid_json', 'expected a JSON array of events or {"events": [...]}');
      } else if (elementDepth > 0 && !finished) {
        sink.malformed(line, '', 'invalid_json', 'the file ends before the events array is closed');
      }
      buffer = '';
    },
    blankLines: 0,
  };
}
