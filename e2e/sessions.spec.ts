import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './pages/app-page';

/** One page with the creative log loaded: the second test reads the sessions the first reopened. */
test.describe.configure({ mode: 'serial' });

let page: Page;
let app: AppPage;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  app = await AppPage.openNew(browser);
  page = app.page;
  await app.loadFiles('creative-assistant.jsonl');
});

test.afterAll(() => page.close());

test('opens a session: its events grouped by turn, each expandable to raw fields, and a link that reopens it', async () => {
  await app.goTo('Sessions');

  const table = page.getByRole('table', { name: 'Sessions table' });
  await table.getByRole('columnheader', { name: /retrievals/ }).getByRole('button').click();
  await expect(table.getByRole('columnheader', { name: /retrievals/ })).toHaveAttribute('aria-sort', 'descending');
  const firstRow = table.getByRole('row').nth(1);
  // the header shows the new sort at once, the rows once the query returns: wait for a row with retrievals on top
  await expect.poll(async () => Number(await firstRow.getByRole('cell').nth(6).textContent())).toBeGreaterThan(2);
  const sessionId = (await firstRow.getByRole('cell').first().textContent())!;
  await firstRow.click();

  await expect(page).toHaveURL(new RegExp(`session=${encodeURIComponent(sessionId)}`));
  const detail = page.getByRole('region', { name: `Session ${sessionId}`, exact: true });
  await expect(detail.locator('.turn').first()).toBeVisible();
  const retrieval = detail.locator('.event-retrieval').first();
  await retrieval.locator('summary').click();
  await expect(retrieval.locator('pre.raw')).toContainText('"retrieval_id"');
  await expect(retrieval.locator('pre.raw')).toContainText(`"session_id": "${sessionId}"`);
  await page.screenshot({ path: 'test-results/screens/session.png' });

  // The logs are kept in this browser: a reload reopens them and the same session.
  await page.reload();
  await app.idle();
  await expect(app.status()).toContainText('Restored');
  await expect(page.getByRole('region', { name: `Session ${sessionId}`, exact: true }).locator('.event-retrieval').first()).toBeVisible();
});

test('filters sessions by id and keeps the filter in the URL', async () => {
  await app.goTo('Sessions');
  const table = page.getByRole('table', { name: 'Sessions table' });
  const someId = (await table.getByRole('row').nth(1).getByRole('cell').first().textContent())!;
  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill(someId);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(someId)}`));
  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill('no-such-session-anywhere');
  await expect(page.getByText('No session matches this filter.')).toBeVisible();
});
