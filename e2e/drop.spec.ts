import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { AppPage, samplePath } from './pages/app-page';
import { recordCount } from './sample-files';

test('files dropped anywhere on the page are loaded, with an overlay while dragging', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  const files = ['multihop-qa.json', 'malformed.jsonl'].map((name) => ({ name, text: readFileSync(samplePath(name), 'utf8') }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) transfer.items.add(new File([item.text], item.name));
    return transfer;
  }, files);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer });
  await expect(page.getByText('Drop log files to load them')).toBeVisible();
  await page.dispatchEvent('main', 'drop', { dataTransfer });
  await app.idle();
  await expect(page.getByText('Drop log files to load them')).toBeHidden();
  const expected: { reason: string }[] = JSON.parse(readFileSync(samplePath('malformed.expected.json'), 'utf8'));
  const rejected = expected.filter((e) => e.reason !== 'unknown_reference').length;
  const events = recordCount('multihop-qa.json') + recordCount('malformed.jsonl') - rejected;
  await expect(app.status()).toHaveText(`Loaded ${events} events from 2 files (${rejected} rejected)`);
});
