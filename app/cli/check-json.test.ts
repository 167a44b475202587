import { describe, expect, it } from 'vitest';
import { checkReportJson, runOfReport } from './check-json';
import type { CheckReport, LineIssue } from './check-report';

const issue = (line: number): LineIssue => ({ file: 'big.jsonl', line, reason: 'invalid_json', field: null, message: 'Unexpected token', raw: `{"n":${line}\u001b` });
const file = { path: 'big.jsonl', read: 'whole', events: 1, rejected: 2, blank_lines: 0, unmapped_spans: 0, derived_ids: null, read_up_to_line: null, error: null, notice: null } as const;

async function pieces(report: CheckReport): Promise<string[]> {
  const all: string[] = [];
  for await (const piece of checkReportJson(runOfReport(report))) all.push(piece);
  return all;
}

describe('check --json, written a piece at a time', () => {
  it('reads back as the report, empty lists included', async () => {
    const report: CheckReport = { files: [file], counts_by_type: { retrieval: 1 }, unmapped_spans: {}, rejected: [issue(1), issue(2)], warnings: [] };
    expect((await pieces(report)).join('\n')).toBe(JSON.stringify(report, null, 2));
    const one: CheckReport = { ...report, rejected: [issue(7)], warnings: [{ ...issue(3), raw: undefined }] };
    expect((await pieces(one)).join('\n')).toBe(JSON.stringify(one, null, 2));
  });

  it('a million rejected lines: no piece holds more than one of them', async () => {
    const rejected = Array.from({ length: 1_000_000 }, (_, i) => issue(i + 1));
    const all = await pieces({ files: [], counts_by_type: {}, unmapped_spans: {}, rejected, warnings: [] });
    expect(all.length).toBe(1_000_000 + 8);
    expect(all.every((piece) => piece.length < 300)).toBe(true);
  });
});
