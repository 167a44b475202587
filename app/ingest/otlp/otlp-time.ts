/**
 * An OTLP `*UnixNano` time → epoch milliseconds. The JS SDK writes a decimal string; other
 * exporters write a number. A string is split at the millisecond so that the milliseconds are
 * exact (nanoseconds since 1970 exceed 2^53); the sub-millisecond part is kept as a fraction,
 * to the precision a double has there (about a microsecond). Null when missing, zero (OTLP's
 * "unset") or not a time.
 */
export function unixNanoToMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value / 1e6 : null;
  if (typeof value !== 'string') return null;
  const digits = value.trim();
  if (!/^\d+$/.test(digits)) return null;
  const wholeMs = digits.length > 6 ? Number(digits.slice(0, -6)) : 0;
  const ms = wholeMs + Number(digits.slice(-6)) / 1e6;
  return ms > 0 ? ms : null;
}
