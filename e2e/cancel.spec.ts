import { expect, test } from '@playwright/test';
import { generatedLog } from './generated-log';
import { AppPage } from './pages/app-page';
import { recordCount } from './sample-files';

test('Cancel stops a long load: files finished before stay, the cancelled file leaves nothing', async ({ page }) => {
  test.setTimeout(120_000);
  const big = generatedLog(300_000, 'big.jsonl');

  const app = new AppPage(page);
  await app.open();
  await app.loadFiles('creative-assistant.jsonl');
  const kept = recordCount('creative-assistant.jsonl').toLocaleString('en-US');

  await page.getByLabel('Open log files').setInputFiles(big);
  await app.answerOpen('add');
  const progress = page.getByRole('progressbar', { name: 'Load progress' });
  await expect(progress).toBeVisible();
  await expect(page.locator('.load-progress-text')).toContainText('events/s');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await app.idle();

  await expect(page.getByText('Load cancelled: big.jsonl was not loaded')).toBeVisible();
  await expect(app.status()).toHaveText(`Loaded ${kept} events from 1 file (0 rejected)`);
  expect(app.outsideRequests).toEqual([]);
});
