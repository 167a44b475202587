export type FileFormat = 'jsonl' | 'json' | 'csv';

export interface FormatDetection {
  format: FileFormat | null;
  gzip: boolean;
  /** Why the file cannot be read, when format is null. */
  unsupported?: string;
}

/** The format follows the file name, as ../shared/log-format.md lists them. */
export function detectFormat(fileName: string): FormatDetection {
  const lower = fileName.toLowerCase();
  const gzip = lower.endsWith('.gz');
  const base = gzip ? lower.slice(0, -3) : lower;
  if (base.endsWith('.jsonl') || base.endsWith('.ndjson')) return { format: 'jsonl', gzip };
  if (base.endsWith('.json')) return { format: 'json', gzip };
  if (base.endsWith('.csv')) return { format: 'csv', gzip };
  if (base.endsWith('.parquet')) return { format: null, gzip, unsupported: 'Parquet files are not supported yet' };
  return { format: null, gzip, unsupported: 'unknown file kind: expected .jsonl, .ndjson, .json, .csv (optionally .gz)' };
}
