import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { AppPage, samplePath } from './pages/app-page';

interface Expected {
  line: number;
  reason: string;
  field: string | null;
}

test('each malformed line is listed with its line and reason, and downloads as JSONL', async ({ page }) => {
  const expected: Expected[] = JSON.parse(readFileSync(samplePath('malformed.expected.json'), 'utf8'));
  const rejectedCount = expected.filter((e) => e.reason !== 'unknown_reference').length;
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles('malformed.jsonl');
  await expect(app.status()).toContainText(`(${rejectedCount} rejected)`);
  await app.goTo('Rejected rows');

  const table = page.getByRole('table', { name: 'Rejected rows' });
  await expect(table.getByRole('row')).toHaveCount(expected.length + 1);
  for (const { line, reason, field } of expected) {
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: String(line), exact: true }) });
    await expect(row.getByRole('cell').nth(3)).toHaveAttribute('title', reason);
    if (field) await expect(row.getByRole('cell').nth(4)).toHaveText(field);
  }
  await page.screenshot({ path: 'test-results/screens/rejected.png', fullPage: true });

  await page.getByRole('combobox', { name: 'Kind' }).selectOption('warning');
  await expect(table.getByRole('row')).toHaveCount(expected.length - rejectedCount + 1);
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('');

  const download = page.waitForEvent('download');
  await page.getByTestId('table-download.rejected-rows.jsonl').click();
  const file = await (await download).path();
  const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  // the reason as shown: its description, then its code in parentheses
  expect(lines.map((l) => [l.line, /\((\w+)\)$/.exec(l.reason)?.[1]])).toEqual(expected.map((e) => [e.line, e.reason]).sort((a, b) => (a[0] as number) - (b[0] as number)));
  expect(lines.every((l) => typeof l['raw text'] === 'string' && l.file === 'malformed.jsonl')).toBe(true);
});
