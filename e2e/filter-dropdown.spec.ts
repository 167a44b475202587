import { expect, test, type Locator, type Page } from '@playwright/test';
import { AppPage } from './pages/app-page';
import { workspaceLog } from './workspace-log';

/**
 * Issue 24, point 9: the filter dropdowns of Metrics and Compare, on a 55k-event log with two
 * retrievers. A tick keeps the list open (several values may be chosen) and "Done" closes it; Esc
 * and a click outside close it; focus returns to the button; only one list is open at a time.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.SHOTS ?? 'test-results/screens/filter-dropdown-';
let page: Page;
let app: AppPage;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const file = workspaceLog();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  app = new AppPage(page);
  await app.open('?view=metrics');
  await app.openFiles(file);
  await expect(app.status()).toContainText(/Loaded 5\d,\d{3} events/);
});

test.afterAll(() => page.close());

const openMenus = () => page.locator('.filter-dropdown-menu');

/** Two boxes overlap when they share any area. */
async function overlaps(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test('Metrics: a tick keeps the list open, Done closes it and focus returns to the button', async () => {
  test.setTimeout(120_000);
  await expect(page.locator('[data-metric="tier1.retrievals"]')).toHaveAttribute('data-value', /\d/, { timeout: 60_000 });
  const button = page.getByLabel('Retriever: all retrievers');
  await button.click();
  const menu = page.getByRole('group', { name: 'Retriever' });
  await expect(menu.getByRole('checkbox')).toHaveCount(2);
  await menu.getByLabel('bm25-v1', { exact: true }).check();
  await expect(page).toHaveURL(/[?&]retriever=bm25-v1(&|$)/);
  await expect(menu).toBeVisible();
  await page.screenshot({ path: `${SHOTS}metrics-open.png` });
  await menu.getByRole('button', { name: 'Done' }).click();
  await expect(openMenus()).toHaveCount(0);
  await expect(page.getByLabel('Retriever: bm25-v1')).toBeFocused();
  await expect(page.getByLabel('Retriever: bm25-v1')).toHaveAttribute('aria-expanded', 'false');
});

test('Metrics: Esc closes the list, and a click outside does too', async () => {
  await page.getByLabel('Surface: all surfaces').click();
  await expect(page.getByRole('group', { name: 'Surface' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(openMenus()).toHaveCount(0);
  await expect(page.getByLabel('Surface: all surfaces')).toBeFocused();

  await page.getByLabel('Run: all runs').click();
  await expect(page.getByRole('group', { name: 'Run' })).toBeVisible();
  await page.getByTestId('metrics.settings-caption').click();
  await expect(openMenus()).toHaveCount(0);
});

test('Metrics: opening a second list closes the first, so they never overlap', async () => {
  await page.getByLabel('Role: all roles').click();
  await expect(page.getByRole('group', { name: 'Role' })).toBeVisible();
  await page.getByLabel('Category: all categories').click();
  await expect(openMenus()).toHaveCount(1);
  await expect(page.getByRole('group', { name: 'Category' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Role' })).toHaveCount(0);
  // the open list lies over the content below, never over the other filter buttons of its row
  expect(await overlaps(page.getByRole('group', { name: 'Category' }), page.getByLabel('Role: all roles'))).toBe(false);
  await page.screenshot({ path: `${SHOTS}metrics-second.png` });
  // clearing is a choice: it closes the list
  await page.getByRole('group', { name: 'Category' }).getByLabel('returns', { exact: true }).check();
  await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'all categories' }).click();
  await expect(openMenus()).toHaveCount(0);
  await expect(page.getByLabel('Category: all categories')).toBeFocused();
  await expect(page).not.toHaveURL(/[?&]category=/);
});

test('Compare: the same list on both slices; one open at a time, Esc and outside clicks close it', async () => {
  test.setTimeout(120_000);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Compare/ }).click();
  const aButton = page.getByLabel(/^A retriever: /);
  const bButton = page.getByLabel(/^B retriever: /);
  await aButton.click();
  const a = page.getByRole('group', { name: 'A retriever' });
  await expect(a.getByRole('checkbox')).toHaveCount(2);
  await a.getByLabel('hybrid-v3').click();
  await expect(a).toBeVisible();
  await bButton.click();
  await expect(openMenus()).toHaveCount(1);
  await expect(a).toHaveCount(0);
  const b = page.getByRole('group', { name: 'B retriever' });
  await expect(b).toBeVisible();
  await page.screenshot({ path: `${SHOTS}compare-open.png` });
  await page.keyboard.press('Escape');
  await expect(openMenus()).toHaveCount(0);
  await expect(bButton).toBeFocused();

  await page.getByLabel(/^A run: /).click();
  await expect(page.getByRole('group', { name: 'A run' })).toBeVisible();
  await page.getByRole('heading', { name: 'Side by side' }).click();
  await expect(openMenus()).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}compare-closed.png` });
});
