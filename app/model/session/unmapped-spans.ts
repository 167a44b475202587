import type { SpanRecord } from '../../schema/span-record';
import { formatCount, pluralize } from '../../lib/format';

/** How many stored OpenTelemetry spans no event type covers are of one kind (engine/sql/spans.ts). */
export interface SpanKindCount {
  kind: string;
  spans: number;
}

/** One such span of a session, with where it was read (engine/sql/spans.ts). */
export type SessionSpan = Omit<SpanRecord, 'session_id' | 'user_id'> & {
  file_id: number;
  line: number;
  seq: number;
  file: string | null;
};

/** "LLM 200, TOOL 112": the kinds, most spans first, then by name as SQL orders them. */
export function spanKindsText(counts: readonly SpanKindCount[]): string {
  return [...counts]
    .sort((a, b) => b.spans - a.spans || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0))
    .map((count) => `${count.kind} ${formatCount(count.spans)}`)
    .join(', ');
}

/** "312 spans not mapped: LLM 200, TOOL 112", or null when every span became an event. */
export function unmappedSpansText(counts: readonly SpanKindCount[]): string | null {
  const total = counts.reduce((sum, count) => sum + count.spans, 0);
  return total === 0 ? null : `${pluralize(total, 'span')} not mapped: ${spanKindsText(counts)}`;
}

/** A span's run time, or null while its end is unknown. */
export const spanDurationMs = (span: Pick<SessionSpan, 'ts' | 'end_ts'>): number | null => (span.end_ts === null ? null : span.end_ts - span.ts);
