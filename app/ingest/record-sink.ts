/** Receives each input record as the readers find it. `line` is 1-based, where the record starts. */
export interface RecordSink {
  /** A record whose JSON text is still to be parsed. */
  text(line: number, raw: string): void;
  /** A record the reader already turned into a value (CSV). */
  value(line: number, raw: string, value: unknown): void;
  /** Element `index` of the top-level `resourceSpans` array of an OTLP trace document, as JSON text. */
  resourceSpans?(line: number, raw: string, index: number): void;
  /** Element `index` of the top-level `data` array of a page of Phoenix's REST span export, as JSON text. */
  pageSpan?(line: number, raw: string, index: number): void;
  /** A record the reader could not make sense of. */
  malformed(line: number, raw: string, reason: 'invalid_json' | 'invalid_csv' | 'invalid_text', message: string): void;
}

/** A reader takes decoded text chunk by chunk and reports records to its sink. */
export interface TextRecordReader {
  push(chunk: string): void;
  end(): void;
  /** Lines seen that hold no record (blank lines). */
  readonly blankLines: number;
}
