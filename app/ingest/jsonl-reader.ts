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
      const buffer = carry + chunk;
      let start = 0;
      let newline = buffer.indexOf('\n', start);
      while (newline !== -1) {
        emit(buffer.slice(start, newline));
        start = newline + 1;
        newline = buffer.indexOf('\n', start);
      }
      carry = buffer.slice(start);
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
