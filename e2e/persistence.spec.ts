import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './pages/app-page';
import { recordCount } from './sample-files';

const count = (n: number) => n.toLocaleString('en-US');
const CREATIVE = 'creative-assistant.jsonl';
const MULTIHOP = 'multihop-qa.json';

/** The size of the kept database files in this origin's private storage (0 when there are none). */
const keptBytes = (page: Page) =>
  page.evaluate(async () => {
    let bytes = 0;
    const root = await navigator.storage.getDirectory();
    for await (const [name, handle] of root.entries()) {
      if (name.startsWith('retrieval-inspector') && handle.kind === 'file') bytes += (await (handle as FileSystemFileHandle).getFile()).size;
    }
    return bytes;
  });

test('a reload reopens the kept logs and the same view, without reading the files again', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles(CREATIVE, MULTIHOP);
  const events = recordCount(CREATIVE) + recordCount(MULTIHOP);
  await expect(app.status()).toHaveText(`Loaded ${count(events)} events from 2 files (0 rejected)`);
  await page.goto('/?view=metrics&k=5');
  await app.idle();
  await expect(app.status()).toContainText(`Restored ${count(events)} events from 2 files (0 rejected)`);
  await expect(app.status()).toContainText('kept in this browser');
  await expect(page.getByLabel('K', { exact: true })).toHaveValue('5');
  await expect(page.getByText('Tier 1 · Retriever quality')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Overview/ }).click();
  const files = page.getByRole('table', { name: 'Loaded files' });
  await expect(files.getByRole('row').filter({ hasText: CREATIVE }).getByRole('cell').nth(2)).toHaveText(count(recordCount(CREATIVE)));
  await page.screenshot({ path: 'test-results/screens/restored.png' });
  expect(app.outsideRequests).toEqual([]);
});

test('a restored dataset goes on where it stopped: new files add to it and known retrieval ids stay known', async ({ page }) => {
  // Three loads, each kept in the background (a spare engine makes each new file) before a reload.
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles(CREATIVE);
  await page.reload();
  await app.idle();
  await expect(app.status()).toContainText(`Restored ${count(recordCount(CREATIVE))} events from 1 file`);
  await app.loadFiles(MULTIHOP);
  await expect(app.status()).toHaveText(`Loaded ${count(recordCount(CREATIVE) + recordCount(MULTIHOP))} events from 2 files (0 rejected)`);
  await page.reload();
  await app.idle();
  // A retrieval id the first file defined is still known after a reload (read after the first screen): repeated, it is rejected.
  const repeated = { type: 'retrieval', ts: '2026-10-01T10:00:00Z', session_id: 'repeat', retrieval_id: 'r-000001', query: 'again', returned_asset_ids: [] };
  await app.openFiles([{ name: 'repeat.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(`${JSON.stringify(repeated)}\n`) }]);
  await expect(app.status()).toHaveText(`Loaded ${count(recordCount(CREATIVE) + recordCount(MULTIHOP))} events from 3 files (1 rejected)`);
  // The same file again after a reload: it is known by its fingerprint and skipped, so nothing of it is stored twice.
  await page.reload();
  await app.idle();
  await app.loadFiles(CREATIVE);
  await expect(app.status()).toHaveText(`Loaded ${count(recordCount(CREATIVE) + recordCount(MULTIHOP))} events from 4 files (1 rejected)`);
  await app.goTo('Overview');
  await expect(page.getByRole('table', { name: 'Loaded files' }).getByRole('row').last()).toContainText('this file was already loaded');
});

test('a link pasted into a new tab opens its view on the kept logs; a second open tab gets a copy', async ({ context, page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles(CREATIVE);
  await app.goTo('Sessions');
  const firstSession = (await page.getByRole('row').nth(1).getByRole('cell').first().innerText()).trim();
  const link = `?view=sessions&session=${encodeURIComponent(firstSession)}`;

  const second = new AppPage(await context.newPage());
  await second.open(link);
  await expect(second.page.getByText('another tab')).toBeVisible();
  await expect(second.page.getByRole('heading', { name: new RegExp(firstSession) })).toBeVisible();
  await second.page.close();

  await page.close();
  const reopened = new AppPage(await context.newPage());
  await reopened.open(link);
  await expect(reopened.status()).toContainText(`Restored ${count(recordCount(CREATIVE))} events`);
  await expect(reopened.page.getByText('another tab')).toHaveCount(0);
  await expect(reopened.page.getByRole('heading', { name: new RegExp(firstSession) })).toBeVisible();
});

test('Clear removes the logs from the browser storage too', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles(CREATIVE, MULTIHOP);
  const before = await keptBytes(page);
  expect(before).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(app.status()).toHaveText('No logs loaded', { timeout: 60_000 });
  expect(await keptBytes(page)).toBeLessThan(before);
  await page.reload();
  await app.idle();
  await expect(app.status()).toHaveText('No logs loaded');
});

test('without browser storage the app works in memory and says so', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(StorageManager.prototype, 'getDirectory', { value: undefined });
  });
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles(CREATIVE);
  await expect(app.status()).toHaveText(`Loaded ${count(recordCount(CREATIVE))} events from 1 file (0 rejected)`);
  await expect(page.locator('.status-line')).toContainText('offers no private file storage');
  await page.reload();
  await app.idle();
  await expect(app.status()).toHaveText('No logs loaded');
});

test('when the browser storage is full, the load finishes in memory and the user is told', async ({ page }) => {
  // 1 MB of storage: the empty database fits, the two files do not.
  await page.addInitScript(() => window.localStorage.setItem('retrieval-inspector:test-storage-quota-bytes', String(1024 * 1024)));
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles(CREATIVE, MULTIHOP);
  await expect(app.status()).toHaveText(`Loaded ${count(recordCount(CREATIVE) + recordCount(MULTIHOP))} events from 2 files (0 rejected)`);
  await expect(page.locator('.status-line')).toContainText(/storage .*full|could not be used/);
  await expect(page.locator('.status-line')).toContainText('held in memory only');
});
