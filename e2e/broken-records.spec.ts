import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './pages/app-page';

const TS = '2026-10-01T10:00:00Z';
const jsonl = (...events: unknown[]) => events.map((event) => JSON.stringify(event)).join('\n') + '\n';
const retrieval = (id: string) => ({ type: 'retrieval', ts: TS, session_id: 's1', retrieval_id: id, returned_asset_ids: ['a1'] });
const file = (name: string, text: string) => ({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(text) });

async function pick(page: Page, ...files: ReturnType<typeof file>[]) {
  await new AppPage(page).openFiles(files);
}

test('a record that once threw costs only its line, and the other files of the selection still load', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  // Over 4 MB: read in parallel chunks, where an exception used to fail the load and skip the files after it.
  const lines: string[] = [];
  for (let i = 1; i <= 30_000; i++) {
    lines.push(JSON.stringify(i % 10_000 === 0
      ? { type: 'label', kind: ['constructor', 'toString', '__proto__'][i / 10_000 - 1], retrieval_id: 'r1', role: 'find' }
      : { ...retrieval(`r${i}`), query: 'x'.repeat(100) }));
  }
  await pick(page, file('big.jsonl', `${lines.join('\n')}\n`), file('good.jsonl', jsonl(retrieval('r-good'))));
  await expect(app.status()).toContainText('Loaded 29,998 events from 2 files (3 rejected)');
  await app.goTo('Rejected rows');
  const table = page.getByRole('table', { name: 'Rejected rows' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').nth(1)).toContainText('10000');
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText('kind');
});

test('the same file loaded twice is skipped the second time, and the user is told', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  const day = file('day.jsonl', jsonl(retrieval('r1'), { type: 'prompt', ts: TS, session_id: 's1', text: 'hello' }));
  await pick(page, day);
  await expect(app.status()).toContainText('Loaded 2 events from 1 file (0 rejected)');
  await app.openFiles(day);
  await expect(page.getByRole('alert')).toHaveText('day.jsonl: this file was already loaded; it was skipped so that its events are not stored twice');
  await expect(app.status()).toContainText('Loaded 2 events');
  await page.screenshot({ path: 'test-results/screens/same-file-twice.png' });
});

const REJECTED = 200_000;

test('200,000 rejected rows: the list reads a page at a time, pages on, and filters', async ({ page }) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await app.open();
  const lines: string[] = [];
  for (let line = 1; line <= REJECTED; line++) lines.push(line === 7 ? '{"type":"prompt","ts":"2026-02-30","session_id":"s"}' : `{"type":"weather","n":${line}}`);
  await pick(page, file('rejects.jsonl', `${lines.join('\n')}\n${JSON.stringify(retrieval('r1'))}\n`));
  await expect(app.status()).toContainText(`Loaded 1 event from 1 file (${REJECTED.toLocaleString('en-US')} rejected)`);
  await app.goTo('Rejected rows');
  const table = page.getByRole('table', { name: 'Rejected rows' });
  const pager = page.getByRole('navigation', { name: 'Rejected rows pages' });
  await expect(pager).toContainText('Rows 1–200 of 200,000');
  await expect(table.getByRole('row')).toHaveCount(201);
  await expect(table.getByRole('row').nth(7).getByRole('cell').nth(3)).toHaveAttribute('title', 'bad_ts');
  await pager.getByRole('button', { name: 'Next →' }).click();
  await expect(pager).toContainText('Rows 201–400 of 200,000');
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('201');
  await expect(table.getByRole('row').nth(1).getByRole('cell').last()).toHaveText('{"type":"weather","n":201}');
  await page.screenshot({ path: 'test-results/screens/rejected-200k.png' });

  await page.getByRole('combobox', { name: 'Reason' }).selectOption('bad_ts');
  await expect(pager).toHaveText('1 row');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('7');
});
