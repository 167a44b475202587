import { expect, test, type Download, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AppPage, samplePath } from './pages/app-page';
import { recordCount } from './sample-files';

/**
 * Issue 10, "Small things found on the way": a binary file with a .jsonl name, the size of a
 * file, a settings change on the Metrics screen, and downloads of what tables show.
 */
test.describe.configure({ mode: 'serial' });

const GOOD = ['creative-assistant.jsonl', 'creative-labels.csv', 'asset-catalog.jsonl.gz'];
const BINARY = 'screenshot.jsonl';

/** A PNG signature and chunk header, then 20,000 bytes of deterministic noise: a picture saved under a log's name. */
function pngLikeBytes(): Buffer {
  const bytes = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52];
  let state = 11;
  for (let i = 0; i < 20_000; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes.push(state >>> 24);
  }
  return Buffer.from(bytes);
}

/** Sizes as a user reads them, worked here on their own: SI units, one decimal below 10. */
function siSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const [value, unit] = bytes < 1e6 ? [bytes / 1e3, 'kB'] : bytes < 1e9 ? [bytes / 1e6, 'MB'] : [bytes / 1e9, 'GB'];
  return `${value.toFixed(value < 10 ? 1 : 0)} ${unit}`;
}

async function downloaded(page: Page, testId: string): Promise<string> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return readFileSync((await download.path())!, 'utf8');
}

const jsonLines = (text: string) => text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);

let page: Page;
let app: AppPage;
let binaryPath: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  binaryPath = path.join(mkdtempSync(path.join(tmpdir(), 'small-things-')), BINARY);
  writeFileSync(binaryPath, pngLikeBytes());
  page = await browser.newPage({ acceptDownloads: true });
  app = new AppPage(page);
  await app.open();
  await app.openFiles([binaryPath, ...GOOD.map(samplePath)]);
});

test.afterAll(() => page.close());

test('a binary file named .jsonl gives one file-level error and no rejected rows; the good files load', async () => {
  await expect(page.getByRole('alert')).toHaveText(`${BINARY}: not a text file: a PNG image`);
  const events = GOOD.reduce((sum, name) => sum + recordCount(name), 0);
  await expect(app.status()).toHaveText(`Loaded ${events.toLocaleString('en-US')} events from 4 files (0 rejected)`);

  const files = page.getByRole('table', { name: 'Loaded files' });
  const binaryRow = files.getByRole('row').filter({ hasText: BINARY });
  await expect(binaryRow.getByRole('cell')).toHaveText([BINARY, siSize(statSync(binaryPath).size), '0', '0', '0', '0', 'not a text file: a PNG image']);
  for (const name of GOOD) {
    const row = files.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell').nth(2)).toHaveText(recordCount(name).toLocaleString('en-US'));
    await expect(row.getByRole('cell').nth(6)).toHaveText('—');
  }
  await page.screenshot({ path: 'test-results/screens/small-things-files.png', fullPage: true });
});

test("each file's size is its size on disk, and a gzip file's also the text it held", async () => {
  const files = page.getByRole('table', { name: 'Loaded files' });
  for (const [name, file] of [...GOOD.map((n) => [n, samplePath(n)]), [BINARY, binaryPath]]) {
    const onDisk = statSync(file).size;
    const text = name.endsWith('.gz') ? gunzipSync(readFileSync(file)).byteLength : null;
    const cell = files.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(1);
    await expect(cell, name).toHaveText(text === null ? siSize(onDisk) : `${siSize(onDisk)} (gzip; ${siSize(text)} of text)`);
    await expect(cell, name).toHaveAttribute('title', `${onDisk.toLocaleString('en-US')} bytes`);
  }
});

test('the files download holds exactly the rows and cells the table shows', async () => {
  const rows = jsonLines(await downloaded(page, 'table-download.files.jsonl'));
  const shown = await page.getByRole('table', { name: 'Loaded files' }).locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')));
  expect(rows.map((row) => Object.values(row).map((v) => (v === null ? '—' : typeof v === 'number' ? v.toLocaleString('en-US') : String(v))))).toEqual(shown);
  expect(shown).toHaveLength(4);
});

/** What each panel shows at one moment: its numbers, and whether it is marked as recomputing. */
interface Snapshot {
  panels: Record<string, { busy: boolean; values: string; marked: boolean }>;
  caption: string;
  /** Rows of the cell's retrievals table, or null while it is not shown. */
  cellRows: number | null;
  /** The nDCG column's header of that table ("nDCG@10"): the K its rows were computed with. */
  cellNdcgHeader: string | null;
  maskedSilent: string | null;
}
const PANELS = ['tier0', 'tier1', 'tier2', 'matrix', 'trends', 'tier3'];

test('after a settings change, every panel is marked until its numbers are new, and none shows an old number beside a new one', async () => {
  await app.goTo('Metrics');
  await expect(page.locator('[data-metric="tier1.p_at_k"]')).toBeVisible();
  // The settings behind the numbers are written once, above the panels.
  await expect(page.getByTestId('metrics.settings-caption')).toContainText('K = 10 · Tier 1 bad');
  await expect(page.getByText(/K = 10 · Tier 1 bad/)).toHaveCount(1);
  await expect(page.locator('.settings-caption')).toHaveCount(1);
  // The retrievals of a matrix cell are listed beside the matrix: they must follow the same settings.
  await page.getByRole('button', { name: /silent/ }).click();
  await expect(page.getByRole('table', { name: 'Retrievals in the cell' })).toBeVisible();

  await page.evaluate((ids) => {
    const snapshot = () => ({
      panels: Object.fromEntries(ids.map((id) => {
        const panel = document.querySelector(`[data-testid="${id}"]`)!;
        const values = Array.from(panel.querySelectorAll('[data-metric]'), (n) => `${n.getAttribute('data-metric')}=${n.getAttribute('data-value')}`).join(' ');
        return [id, { busy: panel.getAttribute('aria-busy') === 'true', values, marked: panel.querySelector('[data-testid="recomputing"]') !== null }];
      })),
      caption: document.querySelector('[data-testid="metrics.settings-caption"]')?.textContent ?? '',
      cellRows: document.querySelector('table[aria-label="Retrievals in the cell"]')?.querySelectorAll('tbody tr').length ?? null,
      cellNdcgHeader: document.querySelector('table[aria-label="Retrievals in the cell"] thead th:nth-child(6)')?.textContent ?? null,
      maskedSilent: document.querySelector('[data-metric="matrix.masked_silent"]')?.getAttribute('data-value') ?? null,
    });
    const w = window as unknown as { snapshots: unknown[]; observer: MutationObserver };
    w.snapshots = [snapshot()];
    w.observer = new MutationObserver(() => w.snapshots.push(snapshot()));
    w.observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  }, PANELS);

  await page.getByLabel('K', { exact: true }).fill('3');
  await expect(page.getByTestId('metrics.settings-caption')).toContainText('K = 3 · Tier 1 bad');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Retrievals in the cell' })).toBeVisible();
  const snapshots = await page.evaluate(() => {
    const w = window as unknown as { snapshots: Snapshot[]; observer: MutationObserver };
    w.observer.disconnect();
    return w.snapshots;
  });

  const before = snapshots[0];
  const after = snapshots.at(-1)!;
  const changed = PANELS.filter((id) => before.panels[id].values !== after.panels[id].values);
  expect(changed, 'P@k and nDCG@k depend on K').toContain('tier1');
  expect(snapshots.some((s) => PANELS.every((id) => s.panels[id].busy && s.panels[id].marked)), 'every panel was marked "Recomputing…"').toBe(true);

  for (const [index, s] of snapshots.entries()) {
    const at = `snapshot ${index}`;
    for (const id of PANELS) {
      expect([before.panels[id].values, after.panels[id].values], `${at}: ${id} shows the old or the new numbers, never a mix`).toContain(s.panels[id].values);
      expect(s.panels[id].marked, `${at}: ${id} is aria-busy exactly when it says "Recomputing…"`).toBe(s.panels[id].busy);
    }
    const showsNew = changed.filter((id) => s.panels[id].values === after.panels[id].values);
    const oldUnmarked = changed.filter((id) => s.panels[id].values === before.panels[id].values && !s.panels[id].busy);
    if (showsNew.length > 0) expect(oldUnmarked, `${at}: unmarked old numbers beside the new ones of ${showsNew.join(', ')}`).toEqual([]);
    // The caption, and the cell's list under the matrix, follow the settings of the numbers on screen, not those just typed.
    const shownK = s.panels.tier1.values === after.panels.tier1.values ? 3 : 10;
    expect(s.caption, at).toContain(`K = ${shownK} ·`);
    if (s.cellNdcgHeader !== null) expect(s.cellNdcgHeader, `${at}: the cell's list under the matrix`).toBe(`nDCG@${shownK}`);
    // The list under the matrix holds the retrievals of the cell beside it (the first 1,000), never those of other settings.
    if (s.cellRows !== null) expect(s.cellRows, `${at}: the cell's list under the matrix`).toBe(Math.min(Number(s.maskedSilent), 1000));
  }
  await page.screenshot({ path: 'test-results/screens/small-things-metrics.png', fullPage: true });
});

test("the retrievals of a matrix cell download as the table shows them", async () => {
  const table = page.getByRole('table', { name: 'Retrievals in the cell' });
  const shown = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')));
  expect(shown.length).toBeGreaterThan(0);
  const rows = jsonLines(await downloaded(page, 'table-download.metrics-masked-silent-retrievals.jsonl'));
  expect(Object.keys(rows[0])).toEqual(['retrieval', 'query', 'retriever', 'role', 'P@1', 'nDCG@3', 'ORF signal', 'session']);
  expect(rows.map((row) => Object.values(row).map((v) => (v === null ? '—' : typeof v === 'number' ? v.toFixed(3) : String(v))))).toEqual(shown);
  const csv = await downloaded(page, 'table-download.metrics-masked-silent-retrievals.csv');
  expect(csv.split('\r\n').filter((line) => line !== '')).toHaveLength(shown.length + 1);
});

test('the bundled samples, fetched from our origin, show their sizes on disk; the .gz also its text', async ({ browser }) => {
  test.setTimeout(120_000);
  // A context of its own: its storage holds no logs kept by the page above.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  const freshApp = new AppPage(fresh);
  await freshApp.open();
  await fresh.getByRole('button', { name: 'Load sample logs' }).first().click();
  await freshApp.idle();
  await freshApp.goTo('Overview');
  const files = fresh.getByRole('table', { name: 'Loaded files' });
  const gz = samplePath('asset-catalog.jsonl.gz');
  const gzCell = files.getByRole('row').filter({ hasText: 'asset-catalog.jsonl.gz' }).getByRole('cell').nth(1);
  // vite preview serves a .gz with Content-Encoding: gzip, so the browser hands over the text: the size must still be the file's.
  await expect(gzCell).toHaveText(`${siSize(statSync(gz).size)} (gzip; ${siSize(gunzipSync(readFileSync(gz)).byteLength)} of text)`);
  await expect(gzCell).toHaveAttribute('title', `${statSync(gz).size.toLocaleString('en-US')} bytes`);
  for (const name of ['creative-assistant.jsonl', 'creative-labels.csv', 'multihop-qa.json', 'customer-service.jsonl', 'retrieval-trial.jsonl']) {
    const cell = files.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(1);
    await expect(cell, name).toHaveAttribute('title', `${statSync(samplePath(name)).size.toLocaleString('en-US')} bytes`);
  }
  await context.close();
});
