import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app-page';
import { GOOD_SAMPLES, recordCount } from './sample-files';

test('loads the sample files through the file input and counts every event', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await expect(app.status()).toHaveText('No logs loaded');
  await app.loadFiles(...GOOD_SAMPLES);
  const expected = GOOD_SAMPLES.reduce((sum, name) => sum + recordCount(name), 0);
  await expect(app.status()).toHaveText(`Loaded ${expected.toLocaleString('en-US')} events from 6 files (0 rejected)`);

  const files = page.getByRole('table', { name: 'Loaded files' });
  for (const name of GOOD_SAMPLES) {
    const row = files.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell').nth(2)).toHaveText(recordCount(name).toLocaleString('en-US'));
  }
  await page.screenshot({ path: 'test-results/screens/overview.png' });
  expect(app.outsideRequests).toEqual([]);
});

test('adds files to what is loaded, and Clear empties it', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles('creative-assistant.jsonl');
  const first = recordCount('creative-assistant.jsonl');
  await expect(app.status()).toHaveText(`Loaded ${first.toLocaleString('en-US')} events from 1 file (0 rejected)`);
  await app.loadFiles('multihop-qa.json');
  const both = first + recordCount('multihop-qa.json');
  await expect(app.status()).toHaveText(`Loaded ${both.toLocaleString('en-US')} events from 2 files (0 rejected)`);
  await page.getByRole('button', { name: 'Clear' }).click();
  // Clear also removes the logs from the browser's storage, which restarts the engine.
  await expect(app.status()).toHaveText('No logs loaded', { timeout: 60_000 });
});

test('the Load sample logs button loads the bundled samples from our own origin', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await page.getByRole('button', { name: 'Load sample logs' }).first().click();
  await app.idle();
  const expected = GOOD_SAMPLES.reduce((sum, name) => sum + recordCount(name), 0);
  await expect(app.status()).toHaveText(`Loaded ${expected.toLocaleString('en-US')} events from 6 files (0 rejected)`);
  expect(app.outsideRequests).toEqual([]);
});
