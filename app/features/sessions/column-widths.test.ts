import { describe, expect, it } from 'vitest';
import type { SessionListRow } from '../../model/session/session-list';
import { contentWidths, headerLines } from './column-widths';
import { listColumns } from './session-columns';

/** 7 px a character, 6 in monospace, 5 in a header: widths are then worked out by hand. */
const measure = (text: string, kind: 'cell' | 'mono' | 'header') => text.length * (kind === 'cell' ? 7 : kind === 'mono' ? 6 : 5);

const row = (id: string, fields: Partial<SessionListRow> = {}): SessionListRow => ({
  session_id: id, user_id: null, surface: null, run_id: null, start_ts: null, duration_ms: null,
  events: 1, prompts: 0, retrievals: 0, actions: 0, worst_verdict: null, in_scope: true,
  masked: 0, orf: 0, empty: 0, failed: 0, clarify: 0, handoff: 0, down: 0, wrong: 0, rewrite: 0, completion: 0, drift: 0, snippet: null, ...fields,
});

describe('contentWidths', () => {
  const columns = listColumns(true);
  const rows = [
    ...Array.from({ length: 60 }, (_, i) => row(`s-${String(i).padStart(3, '0')}`, { surface: 'chat' })),
    row('mh-baseline-q01', { surface: 'support-chat', worst_verdict: 'unsupported', start_ts: Date.UTC(2026, 9, 1), snippet: { field: 'prompt', before: 'x'.repeat(200), match: 'y', after: '' } }),
  ];
  const widths = contentWidths(columns, rows, measure);

  it('fits the longest cell of each column, however far down the list it is', () => {
    expect(widths.session_id).toBe(15 * 6 + 12);
    expect(widths.surface).toBe(12 * 7 + 12);
    expect(widths.wrong).toBe(11 * 7 + 12);
    expect(widths.start_ts).toBe('2026-10-01 00:00:00Z'.length * 7 + 12);
  });

  it('never narrower than the header with its sort mark, a number header keeping its mark in the padding', () => {
    expect(widths.user_id).toBe(4 * 5 + 12 + 13);
    expect(widths.duration_ms).toBe('duration'.length * 5 + 12);
  });

  it('a count whose header reads bottom to top is as wide as its numbers (at least the minimum)', () => {
    expect(widths.completion).toBe(36);
    expect(contentWidths(columns, [row('s', { rewrite: 123456 })], measure).rewrite).toBe('123,456'.length * 7 + 12);
  });

  it('measures a header by its widest line, as it wraps at a space or after a hyphen', () => {
    expect(headerLines('thumbs-down')).toEqual(['thumbs-', 'down']);
    expect(headerLines('start (UTC)')).toEqual(['start', '(UTC)']);
  });

  it('caps a long snippet; its tooltip holds the rest', () => {
    expect(widths.match).toBe(460);
  });
});
