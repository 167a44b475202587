import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { run } from '../engine/sql/core/run';
import { clearDataset } from '../engine/dataset';
import { FILE_ROW, FILES_SQL } from '../engine/sql/overview';
import { ingestFile } from './ingest-file';
import { loadFiles } from './load-files';
import { LoadState } from './load-state';
import { textInputFile } from './text-input';
import { SNIFF_BYTES } from './text-sniff';
import { loadedTestEngine } from '../engine/sql/metrics/loaded-test-engine';

const LINE = `${JSON.stringify({ type: 'asset', asset_id: 'a1', title: 'Crème brûlée' })}\n`;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Deterministic noise (a linear congruential generator): the same "binary file" on every run. */
function noise(length: number, seed = 7): number[] {
  const out: number[] = [];
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out.push(state >>> 24);
  }
  return out;
}

const engine = loadedTestEngine();
const state = new LoadState();

async function load(...files: ReturnType<typeof textInputFile>[]) {
  await clearDataset(engine);
  state.reset();
  const results = await loadFiles(engine, files, state);
  const rows = await run(engine, FILES_SQL, FILE_ROW);
  const [{ rejected }] = await run(engine, 'SELECT count(*)::INTEGER AS rejected FROM rejected', { rejected: 'number' });
  return { results, rows, rejected };
}

describe('a file that is not text', () => {
  // 20,000 bytes: far more "lines" than the sniffed head, so reading it would reject many rows.
  const png = new Uint8Array([...PNG_SIGNATURE, ...noise(20_000 - PNG_SIGNATURE.length)]);
  const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...noise(500)]);
  const parquet = new Uint8Array([...new TextEncoder().encode('PAR1'), ...noise(300)]);

  it.each([
    ['screenshot.jsonl', png, 'not a text file: a PNG image'],
    ['screenshot.jsonl.gz', gzipSync(png), 'not a text file: a PNG image'],
    ['export.csv', zip, 'not a text file: a ZIP archive (unzip it and load the logs inside)'],
    ['table.json', parquet, 'not a text file: a Parquet file (name it .parquet to load it)'],
  ])('%s gives one file-level error, no rows, and its size', async (name, content, reason) => {
    const { results, rows, rejected } = await load(textInputFile(name, content, 4096));
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ error: reason, events: 0, rejected: 0 });
    expect(rejected).toBe(0);
    expect(rows).toMatchObject([{ name, error: reason, events: 0, rejected: 0, bytes: content.byteLength }]);
  });

  it('stops a good file from nothing: the next file still loads', async () => {
    const { results, rows } = await load(textInputFile('noise.jsonl', new Uint8Array(noise(10_000))), textInputFile('good.jsonl', LINE));
    expect(results.map((r) => [r.fileName, r.events, r.rejected, r.error === null])).toEqual([
      ['noise.jsonl', 0, 0, false],
      ['good.jsonl', 1, 0, true],
    ]);
    expect(results[0].error).toMatch(/^not a text file: /);
    expect(rows.map((row) => row.bytes)).toEqual([10_000, new TextEncoder().encode(LINE).length]);
  });
});

describe('text files are still read', () => {
  it('a UTF-8 byte order mark is accepted and not part of the first record', async () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(LINE + LINE.replace('a1', 'a2'))]);
    const { results } = await load(textInputFile('bom.jsonl', withBom));
    expect(results[0]).toMatchObject({ error: null, events: 2, rejected: 0 });
    expect(await engine.query('SELECT asset_id, title FROM events ORDER BY seq')).toEqual([
      { asset_id: 'a1', title: 'Crème brûlée' },
      { asset_id: 'a2', title: 'Crème brûlée' },
    ]);
  });

  it('a multi-byte character cut by the end of the sniffed head is not an error', async () => {
    // One chunk of SNIFF_BYTES + 1 bytes is the head; its last byte is the first of an 'é' (C3 A9).
    const prefix = '{"type":"asset","asset_id":"long","title":"';
    const text = `${prefix}${'x'.repeat(SNIFF_BYTES - 100 - prefix.length)}${'é'.repeat(200)}"}\n`;
    const encoded = new TextEncoder().encode(text);
    expect([encoded[SNIFF_BYTES], encoded[SNIFF_BYTES + 1]]).toEqual([0xc3, 0xa9]);
    const { results } = await load(textInputFile('long.jsonl', text, SNIFF_BYTES + 1));
    expect(results[0]).toMatchObject({ error: null, events: 1, rejected: 0 });
  });
});

describe("a file's size", () => {
  const text = LINE.repeat(200);
  const textBytes = new TextEncoder().encode(text).length;

  it('is its own size, and a gzip file also tells how much text it held', async () => {
    const gz = gzipSync(text);
    const { rows } = await load(textInputFile('plain.jsonl', text), textInputFile('packed.jsonl.gz', gz));
    expect(rows.map((row) => [row.name, row.bytes, row.text_bytes])).toEqual([
      ['plain.jsonl', textBytes, null],
      ['packed.jsonl.gz', gz.byteLength, textBytes],
    ]);
  });

  it('is the size the source gives, even for a file of a kind that is not read', async () => {
    const { rows } = await load(textInputFile('notes.txt', 'hello'));
    expect(rows).toMatchObject([{ name: 'notes.txt', bytes: 5 }]);
  });

  it('of a .gz the server sent decoded (Content-Encoding: gzip) is the encoded size, with the text it held', async () => {
    const gz = gzipSync(text);
    const result = await ingestFile({
      fileId: 1, fileName: 'served.jsonl.gz', stream: textInputFile('served.jsonl.gz', text, 512).stream(), totalBytes: null,
      encodedFileBytes: gz.byteLength, seqStart: 0, seenRetrievalIds: new Set(), target: { insert: async () => undefined },
    });
    expect(result).toMatchObject({ error: null, events: 200, bytes: gz.byteLength, textBytes });
  });

  it('is counted when the source does not give it', async () => {
    const unsized = { ...textInputFile('unsized.jsonl', text), size: null };
    const { rows } = await load(unsized);
    expect(rows).toMatchObject([{ bytes: textBytes, text_bytes: null }]);
  });
});
