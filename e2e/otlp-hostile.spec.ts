import { expect, test, type Page } from '@playwright/test';
import { HOSTILE_CASES } from '../app/ingest/otlp/hostile-otlp-cases';
import { AppPage } from './pages/app-page';

/**
 * Hostile OTLP files the unit tests load in Node (app/ingest/otlp/hostile-otlp.test.ts), picked
 * together here: what is valid loads, each rejected row names its file, line and place, and the
 * page answers while the worker reads an 8 MB attribute.
 */
const events = HOSTILE_CASES.reduce((n, c) => n + c.events, 0);
const rejected = HOSTILE_CASES.flatMap((c) => c.rejected.map(([line, message]) => ({ file: c.name, line, message })));

test.describe.configure({ mode: 'serial' });

let page: Page;
let app: AppPage;

test.beforeAll(async ({ browser }) => {
  app = await AppPage.openNew(browser);
  page = app.page;
  await app.pickMadeFiles(HOSTILE_CASES.map((c) => ({ name: c.name, bytes: c.text })), async () => {
    // the page's own thread answers while the files are read (a frozen tab would not run this)
    expect(await page.evaluate(() => new Promise<string>((resolve) => requestAnimationFrame(() => resolve(document.body.dataset.phase ?? ''))))).toBeTruthy();
  });
});

test.afterAll(() => page.close());

test('one selection of hostile OTLP files loads what is valid and counts the rejected rows', async () => {
  // worked from the cases: the one retrieval of the parent cycle; 2 + 2 + 3 + 1 rejected
  expect(events).toBe(1);
  expect(rejected).toHaveLength(8);
  await expect(app.status()).toContainText(`Loaded ${events} event from ${HOSTILE_CASES.length} files (${rejected.length} rejected)`);
  await expect(page.getByText(/internal error/i)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/otlp-hostile-overview.png', fullPage: true });
});

test('the Rejected rows screen names the file, the line and the place of each', async () => {
  await app.goTo('Rejected rows');
  const table = page.getByRole('table', { name: 'Rejected rows' });
  await expect(table.getByRole('row')).toHaveCount(rejected.length + 1);
  for (const { file, line, message } of rejected) {
    const row = table.getByRole('row').filter({ hasText: file }).filter({ hasText: message });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: String(line), exact: true })).toHaveCount(1);
  }
  await expect(page.getByText(/internal error/i)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/otlp-hostile-rejected.png', fullPage: true });
});
