import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOfIPC } from '../engine/arrow-rows';
import { BROKEN_CASES, type BrokenCase } from '../ingest/broken-input-cases';
import { inProcessPool } from '../ingest/chunked/in-process-pool';
import { ingestInParallel } from '../ingest/chunked/ingest-parallel';
import { ingestFile } from '../ingest/ingest-file';
import { nodeInputFile } from '../ingest/node-files';
import { textInputFile } from '../ingest/text-input';
import { checkFiles, type CheckReport } from './check-report';
import { blobSource } from '../ingest/parquet/random-access';

/** What a load of one file came to, as both paths tell it. */
interface Outcome {
  events: number;
  blank: number;
  error: string | null;
  rejected: { line: number; message: string }[];
}

/** The browser's single-worker path (ingest.worker.ts runs ingestFile), fed in 5-byte chunks. */
async function viaBrowserReader(name: string, bytes: Uint8Array, chunkBytes = 5): Promise<Outcome> {
  const rejected: Outcome['rejected'] = [];
  const result = await ingestFile({
    fileId: 1, fileName: name, stream: textInputFile(name, bytes, chunkBytes).stream(), totalBytes: bytes.byteLength, seqStart: 0, seenRetrievalIds: new Set(),
    target: {
      insert: async (table, ipc) => {
        if (table === 'rejected') for (const row of rowsOfIPC(ipc)) rejected.push({ line: row.line as number, message: row.message as string });
      },
    },
  });
  return { events: result.events, blank: result.blankLines, error: result.error, rejected };
}

/** The browser's parallel path for a large plain JSON Lines file, cut into chunks of 40 bytes. */
async function viaParallelChunks(name: string, bytes: Uint8Array): Promise<Outcome> {
  const rejected: Outcome['rejected'] = [];
  const result = await ingestInParallel({
    fileId: 1, fileName: name, file: blobSource(new Blob([bytes.slice()])), pool: inProcessPool(2), chunkBytes: 40, seqStart: 0, seenRetrievalIds: new Set(),
    target: {
      insert: async (table, ipc) => {
        if (table === 'rejected') for (const row of rowsOfIPC(ipc)) rejected.push({ line: row.line as number, message: row.message as string });
      },
    },
  });
  return { events: result.events, blank: result.blankLines, error: result.error, rejected };
}

function fromCheck(report: CheckReport, filePath: string): Outcome {
  const file = report.files.find((entry) => entry.path === filePath)!;
  return {
    events: file.events ?? 0,
    blank: file.blank_lines ?? 0,
    error: file.error,
    rejected: report.rejected.filter((row) => row.file === filePath).map((row) => ({ line: row.line, message: row.message })),
  };
}

function expectCase(outcome: Outcome, expected: BrokenCase) {
  expect(outcome.events).toBe(expected.events);
  expect(outcome.blank).toBe(expected.blank);
  if (expected.error === null) expect(outcome.error).toBeNull();
  else expect(outcome.error).toContain(expected.error);
  expect(outcome.rejected.map((row) => row.line)).toEqual(expected.rejected.map(([line]) => line));
  expected.rejected.forEach(([, message], index) => expect(outcome.rejected[index].message).toContain(message));
  if (expected.lines !== undefined) expect(outcome.events + outcome.rejected.length + outcome.blank).toBe(expected.lines);
  // What the JavaScript engine says of itself never reaches the user.
  for (const message of [outcome.error ?? '', ...outcome.rejected.map((row) => row.message)]) {
    expect(message).not.toMatch(/Invalid string length|is not iterable|Maximum call stack|undefined/);
  }
}

describe('broken input gives the same result in the browser and in the command line', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'broken-input-'));
  let report: CheckReport;
  beforeAll(async () => {
    for (const { name, bytes } of BROKEN_CASES) writeFileSync(path.join(dir, name), bytes);
    // One `check` over all of them: a broken file does not stop the files after it.
    report = await checkFiles([dir]);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(BROKEN_CASES.map((c) => [c.name, c] as const))('%s in the command line', (_, expected) => {
    expectCase(fromCheck(report, path.join(dir, expected.name)), expected);
  });

  it.each(BROKEN_CASES.map((c) => [c.name, c] as const))('%s in the browser\'s reader', async (_, expected) => {
    expectCase(await viaBrowserReader(expected.name, expected.bytes), expected);
  });

  it.each(BROKEN_CASES.filter((c) => c.name.endsWith('.jsonl') && c.error === null && !c.name.startsWith('utf16')).map((c) => [c.name, c] as const))(
    '%s in the browser\'s parallel path (a large UTF-8 JSON Lines file)',
    async (_, expected) => {
      expectCase(await viaParallelChunks(expected.name, expected.bytes), expected);
    },
  );
});

describe('a line over 50 MB', () => {
  const A = '{"type":"asset","asset_id":"a1"}';
  const B = '{"type":"asset","asset_id":"a2"}';
  const longLine = `{"type":"asset","asset_id":"big","text":"${'x'.repeat(52 * 1024 * 1024)}"}`;
  const bytes = new TextEncoder().encode(`${A}\n${longLine}\n${B}\n`);
  const expected: BrokenCase = { name: 'long-line.jsonl', bytes, events: 2, rejected: [[2, 'the line is too long to read: 52.0 MB, over the limit of 50.0 MB']], blank: 0, error: null, lines: 3 };

  it('is rejected with its size in the browser\'s reader, and the lines around it load', async () => {
    expectCase(await viaBrowserReader(expected.name, bytes, 1 << 16), expected);
  });

  it('is rejected with its size in the command line', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'long-line-'));
    try {
      writeFileSync(path.join(dir, expected.name), bytes);
      expectCase(fromCheck(await checkFiles([dir]), path.join(dir, expected.name)), expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('check on a path that is not a regular file', () => {
  it('refuses a FIFO with no writer at once instead of waiting on it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fifo-'));
    const fifo = path.join(dir, 'events.jsonl');
    try {
      execFileSync('mkfifo', [fifo]);
      const report = await checkFiles([fifo]);
      expect(report.files).toEqual([expect.objectContaining({ path: fifo, error: 'is a named pipe (FIFO), not a regular file: save the logs to a file and load that' })]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 10_000);
});

describe('the command line\'s file input on a path that is not a regular file', () => {
  it('fails the file with a reason instead of blocking, when it gets past the path check', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fifo-'));
    const fifo = path.join(dir, 'events.jsonl');
    try {
      execFileSync('mkfifo', [fifo]);
      const input = nodeInputFile(fifo);
      expect(input.source).toBeUndefined();
      const result = await ingestFile({ fileId: 1, fileName: input.name, stream: input.stream(), totalBytes: input.size, seqStart: 0, seenRetrievalIds: new Set(), target: { insert: async () => undefined } });
      expect(result).toMatchObject({ events: 0, rejected: 0, error: 'not a regular file (a named pipe, socket or device): save the logs to a file and load that' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 10_000);
});
