import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { parquetWriteBuffer as parquetWrite } from 'hyparquet-writer';
import { AppPage } from './pages/app-page';

const SCREENS = 'test-results/screens';
const SESSIONS = 3;
const RETRIEVALS_PER_SESSION = 4;

/**
 * A Parquet log written here, as a warehouse would: one retrieval per row with its asset list,
 * one relevance label per retrieval, and two rows that break a rule (no session, a grade of 7).
 */
function warehouseLog(): { bytes: Uint8Array; events: number; rejected: number } {
  const rows: Record<string, unknown>[] = [];
  for (let s = 1; s <= SESSIONS; s++) {
    for (let r = 1; r <= RETRIEVALS_PER_SESSION; r++) {
      const id = `pq-r${s}-${r}`;
      rows.push({ type: 'retrieval', ts: new Date(Date.UTC(2026, 9, s, 10, r)), session_id: `pq-s${s}`, retrieval_id: id, query: `query ${s}.${r}`, returned_asset_ids: [`a${r}`, `a${r + 1}`] });
      rows.push({ type: 'label', kind: 'relevance', retrieval_id: id, asset_id: `a${r}`, grade: r % 4 });
    }
  }
  rows.push({ type: 'retrieval', ts: new Date(Date.UTC(2026, 9, 9)), retrieval_id: 'pq-no-session', returned_asset_ids: [] });
  rows.push({ type: 'label', kind: 'relevance', retrieval_id: 'pq-r1-1', asset_id: 'a1', grade: 7 });
  const column = (name: string) => rows.map((row) => row[name] ?? null);
  const text = (name: string) => ({ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' }) as const;
  const strings = ['type', 'session_id', 'retrieval_id', 'query', 'kind', 'asset_id'];
  const bytes = parquetWrite({
    schema: [
      { name: 'root', num_children: strings.length + 3 },
      ...strings.map(text),
      { name: 'ts', type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', repetition_type: 'OPTIONAL' },
      { name: 'returned_asset_ids', converted_type: 'LIST', repetition_type: 'OPTIONAL', num_children: 1 },
      { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
      text('element'),
      { name: 'grade', type: 'INT32', repetition_type: 'OPTIONAL' },
    ],
    columnData: [...strings, 'ts', 'returned_asset_ids', 'grade'].map((name) => ({ name, data: column(name) })),
    rowGroupSize: 10,
  });
  return { bytes: new Uint8Array(bytes), events: SESSIONS * RETRIEVALS_PER_SESSION * 2, rejected: 2 };
}

test.describe.configure({ mode: 'serial' });

let page: Page;
let app: AppPage;
const dir = mkdtempSync(path.join(tmpdir(), 'ri-parquet-e2e-'));

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  app = new AppPage(page);
  await app.open();
});
test.afterAll(async () => {
  await page.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openFiles(...paths: string[]) {
  await app.openFiles(paths);
}

async function saved(testId: string): Promise<Uint8Array> {
  const download = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const file = await download;
  const bytes = new Uint8Array(readFileSync(await file.path()));
  writeFileSync(path.join(dir, file.suggestedFilename()), bytes);
  return bytes;
}

test('opens a Parquet file through the file input: its rows are events or rejected rows', async () => {
  const log = warehouseLog();
  writeFileSync(path.join(dir, 'warehouse.parquet'), log.bytes);
  await openFiles(path.join(dir, 'warehouse.parquet'));
  await expect(app.status()).toHaveText(`Loaded ${log.events} events from 1 file (${log.rejected} rejected)`);
  const row = page.getByRole('table', { name: 'Loaded files' }).getByRole('row').filter({ hasText: 'warehouse.parquet' });
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(log.events));
  await expect(page.getByRole('table', { name: 'Events by type' }).getByRole('row').filter({ hasText: 'retrieval' })).toContainText(String(SESSIONS * RETRIEVALS_PER_SESSION));
  await page.screenshot({ path: `${SCREENS}/parquet-loaded.png`, fullPage: true });
});

test('the Overview saves the dataset and its rejected rows as Parquet files that load back the same', async () => {
  const log = warehouseLog();
  const events = await saved('dataset.export-parquet');
  expect(new TextDecoder().decode(events.subarray(0, 4))).toBe('PAR1');
  expect(new TextDecoder().decode(events.subarray(-4))).toBe('PAR1');
  const file = events.slice().buffer;
  const metadata = parquetMetadata(file);
  expect(Number(metadata.num_rows)).toBe(log.events);
  const rows = await parquetReadObjects({ file, metadata, columns: ['type', 'session_id', 'retrieval_id', 'returned_asset_ids'] });
  expect(rows.filter((row) => row.type === 'retrieval')).toHaveLength(SESSIONS * RETRIEVALS_PER_SESSION);
  expect(rows[0]).toEqual({ type: 'retrieval', session_id: 'pq-s1', retrieval_id: 'pq-r1-1', returned_asset_ids: ['a1', 'a2'] });

  const rejected = await saved('dataset.export-rejected-parquet');
  const rejectedRows = await parquetReadObjects({ file: rejected.slice().buffer, columns: ['file', 'line', 'reason', 'field'] });
  expect(rejectedRows).toEqual([
    { file: 'warehouse.parquet', line: 25, reason: 'missing_field', field: 'session_id' },
    { file: 'warehouse.parquet', line: 26, reason: 'wrong_type', field: 'grade' },
  ]);
  await page.getByRole('region', { name: 'Export dataset' }).screenshot({ path: `${SCREENS}/parquet-export.png` });

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(app.status()).toHaveText('No logs loaded', { timeout: 60_000 });
  await openFiles(path.join(dir, 'events.parquet'), path.join(dir, 'rejected.parquet'));
  await expect(app.status()).toHaveText(`Loaded ${log.events} events from 2 files (${log.rejected} rejected)`);
});
