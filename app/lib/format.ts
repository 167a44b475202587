const integer = new Intl.NumberFormat('en-US');

export const formatCount = (n: number | null | undefined) => (n == null ? '—' : integer.format(n));

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null) return '—';
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms == null || Number.isNaN(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = seconds / 60;
  if (minutes < 60) return `${Math.floor(minutes)} min ${Math.round(seconds % 60)} s`;
  const hours = minutes / 60;
  if (hours < 48) return `${Math.floor(hours)} h ${Math.round(minutes % 60)} min`;
  return `${Math.floor(hours / 24)} d ${Math.round(hours % 24)} h`;
}

/** UTC, to the second: logs are compared across machines, so no local time zone. */
export function formatTimestamp(ms: number | null | undefined): string {
  if (ms == null) return '—';
  const date = new Date(ms);
  // beyond ±8.64e15 ms a Date is invalid and toISOString throws: show the number the log held
  if (Number.isNaN(date.getTime())) return `${ms} ms (not a date)`;
  return date.toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, 'Z');
}

export const formatRate = (rate: number | null | undefined, digits = 1) =>
  rate == null ? '—' : `${(rate * 100).toFixed(digits)}%`;

export const pluralize = (n: number, word: string, plural = `${word}s`) => `${formatCount(n)} ${n === 1 ? word : plural}`;

/** How a figure reads: a count, a rate (shown in %) or a score. */
export type FigureKind = 'count' | 'rate' | 'score';

/** A delta with its sign: rates in percentage points, scores to 3 decimals. */
export function formatDelta(delta: number | null, kind: FigureKind): string {
  if (delta === null) return '—';
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
  const size = Math.abs(delta);
  if (kind === 'count') return `${sign}${formatCount(size)}`;
  if (kind === 'rate') return `${sign}${(size * 100).toFixed(1)} pts`;
  return `${sign}${size.toFixed(3)}`;
}
