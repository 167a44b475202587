import { describe, expect, it } from 'vitest';
import { checkReportJson } from './check-json';
import type { CheckReport, LineIssue } from './check-report';

const issue = (line: number): LineIssue => ({ file: 'big.jsonl', line, reason: 'invalid_json', field: null, message: 'Unexpected token', raw: `{"n":${line}\u001b` });

describe('check --json, written a piece at a time', () => {
  it('reads back as the report, empty lists included', () => {
    const report: CheckReport = {
      files: [{ path: 'big.jsonl', events: 1, rejected: 2, blank_lines: 0, unmapped_spans: 0, error: null }],
      counts_by_type: { retrieval: 1 }, unmapped_spans: {}, rejected: [issue(1), issue(2)], warnings: [],
    };
    const text = [...checkReportJson(report)].join('\n');
    expect(text).toBe(JSON.stringify(report, null, 2));
  });

  it('a million rejected lines: no piece holds more than one of them', () => {
    const rejected = Array.from({ length: 1_000_000 }, (_, i) => issue(i + 1));
    const report: CheckReport = { files: [], counts_by_type: {}, unmapped_spans: {}, rejected, warnings: [] };
    let pieces = 0;
    let longest = 0;
    for (const piece of checkReportJson(report)) {
      pieces++;
      longest = Math.max(longest, piece.length);
    }
    expect(pieces).toBe(1_000_000 + 8);
    expect(longest).toBeLessThan(300);
  });
});
