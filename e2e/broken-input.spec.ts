import { expect, test, type Page } from '@playwright/test';
import { BROKEN_CASES } from '../app/ingest/broken-input-cases';
import { AppPage } from './pages/app-page';

/**
 * Files the unit tests read in Node (app/cli/broken-input.test.ts), picked together here.
 * Broken gzip files are left out: the memory check before a load reads their last bytes as a
 * size and asks first.
 */
const PICKED = [
  'bom.jsonl', 'crlf.jsonl', 'cr-only.jsonl', 'utf16le.jsonl', 'invalid-utf8.jsonl', 'nul.jsonl',
  'multi-member.jsonl.gz', 'truncated-array.json', 'second-value.json', 'unbalanced-quote.csv',
];
const cases = PICKED.map((name) => BROKEN_CASES.find((c) => c.name === name)!);
const events = cases.reduce((n, c) => n + c.events, 0);
const rejected = cases.flatMap((c) => c.rejected.map(([line, message]) => ({ file: c.name, line, message })));

test.describe.configure({ mode: 'serial' });

let page: Page;
let app: AppPage;

test.beforeAll(async ({ browser }) => {
  app = await AppPage.openNew(browser);
  page = app.page;
  await app.pickMadeFiles(cases.map((c) => ({ name: c.name, bytes: c.bytes })));
});

test.afterAll(() => page.close());

test('one selection of broken files loads every readable line, and the summary counts them all', async () => {
  // Worked from the cases: 2 + 3 + 3 + 2 + 2 + 2 + 3 + 2 + 1 + 3 events; one line rejected in five of the files.
  expect(events).toBe(23);
  expect(rejected).toHaveLength(5);
  await expect(app.status()).toContainText(`Loaded ${events} events from ${PICKED.length} files (${rejected.length} rejected)`);
  await page.screenshot({ path: '/tmp/broken-input-overview.png', fullPage: true });
});

test('the Rejected rows screen names the file, the line and the reason of each rejected line', async () => {
  await app.goTo('Rejected rows');
  const table = page.getByRole('table', { name: 'Rejected rows' });
  await expect(table.getByRole('row')).toHaveCount(rejected.length + 1);
  for (const { file, line, message } of rejected) {
    const row = table.getByRole('row').filter({ hasText: file });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: String(line), exact: true })).toHaveCount(1);
    await expect(row).toContainText(message);
  }
  await page.screenshot({ path: '/tmp/broken-input-rejected.png', fullPage: true });
});
