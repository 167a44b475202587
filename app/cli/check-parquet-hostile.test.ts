import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOfIPC } from '../engine/arrow-rows';
import { ingestFile } from '../ingest/ingest-file';
import { claimedRows, hostileParquetCorpus } from '../ingest/parquet/hostile-parquet';
import { bytesSource } from '../ingest/parquet/random-access';
import { textInputFile } from '../ingest/text-input';
import type { CheckedFile, LineIssue } from './check-report';
import { runCli } from './run-in-process';

// Each file from a corpus of its own ids (as e2e/parquet-hostile.spec.ts picks them): retrieval ids
// are unique across a load, so one check over every file reads each as it would be read alone.
const corpus = hostileParquetCorpus().map(({ name }, i) => hostileParquetCorpus({ idPrefix: `f${i}-` }).find((mutant) => mutant.name === name)!);
const INTERNAL = /thrift|Invalid (typed )?array length|call stack|undefined|TypeError|RangeError|NaN|\[object/i;
const ACCOUNTED = /cannot be trusted|how many it holds is unknown|none of its (?:[\d,]+ )?rows were read/;

/** The browser's reader over the same bytes: what `check` says must be what the tab says. */
async function inTheBrowsersReader(name: string, bytes: Uint8Array) {
  const lines: number[] = [];
  const result = await ingestFile({
    fileId: 1, fileName: name, stream: textInputFile(name, bytes, 4096).stream(), source: bytesSource(bytes), totalBytes: bytes.byteLength, seqStart: 0, seenRetrievalIds: new Set(),
    target: { insert: async (table, ipc) => void (table === 'rejected' && lines.push(...rowsOfIPC(ipc).map((row) => row.line as number))) },
  });
  return { events: result.events, error: result.error, lines };
}


describe('check over the fuzz corpus of damaged Parquet files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ri-parquet-hostile-'));
  const report: { files: CheckedFile[]; rejected: LineIssue[] } = { files: [], rejected: [] };
  let code: number;
  let printed: string[];
  beforeAll(async () => {
    for (const { name, bytes } of corpus) writeFileSync(path.join(dir, name), bytes);
    // One check over every file: a broken one does not stop those after it.
    const text = await runCli(['check', '--all', dir]);
    code = text.code;
    const json = await runCli(['check', '--json', dir]);
    const all = JSON.parse(json.out.join('\n')) as typeof report;
    report.files.push(...all.files);
    report.rejected.push(...all.rejected);
    printed = [...text.out, ...text.err, ...json.err];
  }, 600_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads every file, fails the check, and prints nothing of the decoders\' own words', () => {
    expect(code).toBe(1);
    expect(report.files).toHaveLength(corpus.length);
    for (const line of printed) expect(line).not.toMatch(INTERNAL);
    expect(JSON.stringify(report)).not.toMatch(INTERNAL);
  });

  it.each(corpus.map((mutant) => [mutant.name, mutant] as const))('%s: every row accounted for, as in the browser', async (name, mutant) => {
    const file = report.files.find((entry) => entry.path === path.join(dir, name))!;
    const rejectedLines = report.rejected.filter((row) => row.file === file.path).map((row) => row.line);
    expect(file.rejected).toBe(rejectedLines.length);
    if (file.error === null) expect((file.events ?? 0) + rejectedLines.length).toBe(claimedRows(mutant.bytes));
    else expect(file.error).toMatch(ACCOUNTED);
    const browser = await inTheBrowsersReader(name, mutant.bytes);
    expect({ events: file.events, error: file.error, lines: rejectedLines }).toEqual(browser);
  });
});
