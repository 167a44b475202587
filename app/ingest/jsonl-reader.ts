import type { RecordSink, TextRecordReader } from './record-sink';

export function createJsonLinesReader(sink: RecordSink): TextRecordReader {
  let carry = '';
  let line = 0;
  let blankLines = 0;
  const emit = (raw: string) => {
    line += 1;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() === '') blankLines += 1;
    else sink.text(line, text);
  };
  return {
    push(chunk) {
      // Only the line that straddles two chunks is concatenated; the rest are slices of the chunk.
      let newline = chunk.indexOf('\n');
      if (newline === -1) {
        carry += chunk;
        return;
      }
      emit(carry + chunk.slice(0, newline));
      let start = newline + 1;
      newline = chunk.indexOf('\n', start);
      while (newline !== -1) {
        emit(chunk.slice(start, newline));
        start = newline + 1;
        newline = chunk.indexOf('\n', start);
      }
      carry = chunk.slice(start);
    },
    end() {
      if (carry !== '') emit(carry);
      carry = '';
    },
    get blankLines() {
      return blankLines;
    },
  };
}
