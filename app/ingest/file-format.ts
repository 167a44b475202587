export type FileFormat = 'jsonl' | 'json' | 'csv' | 'parquet';

export interface FormatDetection {
  format: FileFormat | null;
  /** Why the file cannot be read, when format is null. */
  unsupported?: string;
}

/** The format follows the file name, as docs/log-format.md lists them; gzip is found by content. */
export function detectFormat(fileName: string): FormatDetection {
  const lower = fileName.toLowerCase();
  const base = lower.endsWith('.gz') ? lower.slice(0, -3) : lower;
  if (base.endsWith('.jsonl') || base.endsWith('.ndjson')) return { format: 'jsonl' };
  if (base.endsWith('.json')) return { format: 'json' };
  if (base.endsWith('.csv')) return { format: 'csv' };
  if (lower.endsWith('.parquet')) return { format: 'parquet' };
  if (base.endsWith('.parquet')) return { format: null, unsupported: 'a gzipped Parquet file: decompress it and load the .parquet file (Parquet compresses its own pages)' };
  return {
    format: null,
    unsupported: 'unknown file kind: expected log events or OpenTelemetry traces (OTLP JSON) as .jsonl, .ndjson or .json, events as .csv or .parquet; text files may be gzipped (.gz)',
  };
}
