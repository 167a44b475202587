import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppPage } from './pages/app-page';

interface BuiltFile {
  path: string;
  events: number;
  blank: number;
  /** [line, reason] of every rejected row, in line order. */
  rejected: [number, string][];
}

/**
 * About 9 MB of JSON Lines (enough to be split across the parsing workers): CRLF line ends, a
 * BOM, blank lines, lines that are not JSON, and retrievals that repeat an id defined megabytes
 * earlier (so in an earlier chunk). Expected counts and line numbers are worked out as it is written.
 */
function buildFile(): BuiltFile {
  const lines: string[] = [];
  const built: BuiltFile = { path: path.join(mkdtempSync(path.join(os.tmpdir(), 'ri-parallel-')), 'parallel.jsonl'), events: 0, blank: 0, rejected: [] };
  for (let n = 0; n < 36_000; n++) {
    const line = lines.length + 1;
    if (n % 997 === 500) {
      lines.push('{"type":"retrieval", "query": not json');
      built.rejected.push([line, 'invalid_json']);
    } else if (n % 1009 === 600) {
      lines.push(n % 2 ? '' : '  ');
      built.blank++;
    } else {
      const repeat = n > 0 && n % 4001 === 0;
      const id = repeat ? `r-${n % 3}` : `r-${n}`;
      lines.push(JSON.stringify({
        type: 'retrieval', ts: `2026-09-03T02:${String(Math.floor(n / 600) % 60).padStart(2, '0')}:00.000Z`, session_id: `s-${n % 500}`,
        surface: 'chat', retrieval_id: id, query: `how do I reset item ${n}? ${'détail '.repeat(n % 20)}`, returned_asset_ids: [], scores: [], latency_ms: n % 900,
      }));
      if (repeat) built.rejected.push([line, 'duplicate_retrieval_id']);
      else built.events++;
    }
  }
  writeFileSync(built.path, `\uFEFF${lines.map((line, i) => (i % 3 === 0 ? `${line}\r` : line)).join('\n')}\n`);
  return built;
}

test('a multi-megabyte JSON Lines file split across parsing workers loads every event, with exact line numbers in the rejected rows', async ({ page }) => {
  test.setTimeout(180_000);
  const file = buildFile();
  expect(readFileSync(file.path).byteLength).toBeGreaterThan(8 * 1024 * 1024);
  const app = new AppPage(page);
  await app.open();
  await app.openFiles(file.path);
  await expect(app.status()).toHaveText(`Loaded ${file.events.toLocaleString('en-US')} events from 1 file (${file.rejected.length} rejected)`);
  await page.screenshot({ path: 'test-results/screens/parallel-ingest-overview.png', fullPage: true });

  await app.goTo('Rejected rows');
  const download = page.waitForEvent('download');
  await page.getByTestId('table-download.rejected-rows.jsonl').click();
  const rows = readFileSync(await (await download).path(), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  expect(rows.map((row) => [row.line, /\((\w+)\)$/.exec(row.reason)?.[1]]).sort((a, b) => a[0] - b[0])).toEqual(file.rejected);
  await page.screenshot({ path: 'test-results/screens/parallel-ingest-rejected.png', fullPage: true });
});
