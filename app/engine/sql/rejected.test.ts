import { describe, expect, it } from 'vitest';
import { loadFiles } from '../../ingest/load-files';
import { LoadState } from '../../ingest/load-state';
import { textInputFile } from '../../ingest/text-input';
import { loadedTestEngine } from './metrics/loaded-test-engine';
import { REJECTED_FACET_ROW, REJECTED_FACETS_SQL, REJECTED_LIST_ROW, rejectedListQuery, type RejectedFilter } from './rejected';
import { run } from './core/run';

const engine = loadedTestEngine();
const REJECTED_LINES = 200_000;
const all: RejectedFilter = { severity: null, reason: null, file: null };

/** Every line rejected but two: line 10 is an action whose source names nothing (a warning), line 20 is an unparseable ts. */
function bigFile(): string {
  const lines: string[] = [];
  for (let line = 1; line <= REJECTED_LINES; line++) {
    if (line === 10) lines.push('{"type":"action","ts":5,"session_id":"s","action":"export","source_retrieval_id":"r-none"}');
    else if (line === 20) lines.push('{"type":"prompt","ts":"soon","session_id":"s"}');
    else lines.push(`{"type":"weather","n":${line}}`);
  }
  return `${lines.join('\n')}\n`;
}

describe('the rejected list at 200,000 rows', () => {
  it('reads one page at a time, in file and line order, with counts by reason apart', async () => {
    const [result] = await loadFiles(engine, [textInputFile('big.jsonl', bigFile(), 1 << 16)], new LoadState());
    expect(result).toMatchObject({ events: 1, rejected: REJECTED_LINES - 1 });
    const page = async (offset: number, limit: number, filter = all) => {
      return run(engine, rejectedListQuery(filter, { offset, limit }), REJECTED_LIST_ROW);
    };
    const first = await page(0, 12);
    expect(first.map((r) => r.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(first[9]).toMatchObject({ severity: 'warning', reason: 'unknown_reference', raw: null });
    // offset 150,000 of the merged list: lines 1..150,000 come before it (the warning stands in for line 10)
    const deep = await page(150_000, 200);
    expect(deep.map((r) => r.line)).toEqual(Array.from({ length: 200 }, (_, i) => 150_001 + i));
    expect(deep[0]).toMatchObject({ severity: 'rejected', reason: 'unknown_type', raw: '{"type":"weather","n":150001}' });
    expect((await page(REJECTED_LINES - 5, 200)).map((r) => r.line)).toEqual([199_996, 199_997, 199_998, 199_999, 200_000]);
    expect((await page(0, 200, { severity: 'rejected', reason: 'bad_ts', file: null })).map((r) => r.line)).toEqual([20]);

    const facets = await run(engine, REJECTED_FACETS_SQL, REJECTED_FACET_ROW);
    expect(facets.map((f) => [f.severity, f.reason, f.n])).toEqual([
      ['rejected', 'unknown_type', REJECTED_LINES - 2], ['rejected', 'bad_ts', 1], ['warning', 'unknown_reference', 1],
    ]);
  }, 120_000);
});
