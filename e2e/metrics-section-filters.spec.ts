import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './pages/app-page';
import { workspaceLog } from './workspace-log';

/**
 * Issue 24, point 10: under a retriever filter, each Metrics section says which filters narrow
 * it. Tier 0 counts prompts: role and retriever are greyed out there (and it says the retriever
 * filter does not narrow it); the retrieval sections apply every filter; Tier 3 applies role and
 * retriever only to attribution and abandonment. On the 55k-event workspace log, two retrievers.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.SHOTS ?? 'test-results/screens/metrics-section-filters-';
let page: Page;
let app: AppPage;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  app = new AppPage(page);
  await app.open('?view=metrics');
  await app.openFiles(workspaceLog());
});

test.afterAll(() => page.close());

const line = (section: string) => page.getByTestId(`${section}.filters`);
const filter = (section: string, name: string) => line(section).locator(`[data-filter="${name}"]`);

test('a retriever filter narrows the retrieval sections, and Tier 0 says it does not apply to prompts', async () => {
  test.setTimeout(120_000);
  await page.getByLabel('Retriever: all retrievers').click();
  await page.getByRole('group', { name: 'Retriever' }).getByLabel('bm25-v1', { exact: true }).check();
  await page.getByRole('group', { name: 'Retriever' }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('metrics.settings-caption')).toContainText('retriever: bm25-v1', { timeout: 60_000 });
  await expect(page.getByTestId('recomputing')).toHaveCount(0, { timeout: 60_000 });

  await expect(line('tier0')).toContainText('filters on prompts: surface, run, category, dates');
  await expect(filter('tier0', 'retrievers')).toHaveAttribute('data-applies', 'no');
  await expect(filter('tier0', 'roles')).toHaveAttribute('data-applies', 'no');
  await expect(filter('tier0', 'retrievers')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(line('tier0')).toContainText('do not apply: prompts have no role or retriever');
  await expect(line('tier0')).toContainText('these numbers are not narrowed by the retriever filter');

  for (const section of ['tier1', 'tier2', 'matrix', 'trends']) {
    await expect(line(section)).toContainText('filters on retrievals:');
    await expect(filter(section, 'retrievers')).toHaveAttribute('data-applies', 'yes');
    await expect(filter(section, 'retrievers')).toHaveText('retriever = bm25-v1');
  }
  await expect(line('tier3')).toContainText('filters on completions: surface, run, category, dates');
  await expect(line('tier3')).toContainText('apply only to the retrieval a completion is attributed to, and to abandonment');
  await page.getByTestId('tier0').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}tier0.png` });
  await page.getByTestId('tier3').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}tier3.png` });
});
