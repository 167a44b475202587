import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { AppPage, samplePath } from './pages/app-page';

/**
 * The Metrics screen's retriever, run and category filters: picked from the data, carried by the
 * URL, kept across a reload, cleared by Reset. Counts are worked out from the sample file here,
 * with plain JSON parsing.
 */
const SAMPLES = ['creative-assistant.jsonl', 'customer-service.jsonl'];
const events = SAMPLES.flatMap((name) => readFileSync(samplePath(name), 'utf8').split('\n'))
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Record<string, unknown>);
const retrievals = events.filter((event) => event.type === 'retrieval');
const retrievers = [...new Set(retrievals.map((event) => event.retriever).filter((name): name is string => typeof name === 'string'))].sort();
const retrievalsBy = (retriever: string) => retrievals.filter((event) => event.retriever === retriever).length;
/** A retrieval's category is its turn's first prompt's (docs/log-format.md: retrievals carry none). */
const turnCategory = new Map<unknown, unknown>();
for (const event of events) {
  if (event.type === 'prompt' && event.turn_id != null && event.category != null && !turnCategory.has(event.turn_id)) turnCategory.set(event.turn_id, event.category);
}
const retrievalsIn = (category: string) => retrievals.filter((event) => turnCategory.get(event.turn_id) === category).length;

test.describe.configure({ mode: 'serial' });

let page: Page;
let app: AppPage;
const shown = (metric: string) => page.locator(`[data-metric="${metric}"]`);

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  app = new AppPage(page);
  await app.open('?view=metrics');
  await app.loadFiles(...SAMPLES);
  await expect(shown('tier1.retrievals')).toHaveAttribute('data-value', String(retrievals.length));
});

test.afterAll(() => page.close());

test('picking a retriever narrows Tier 1 to its retrievals, in the URL, and a reload keeps it', async () => {
  expect(retrievers.length).toBeGreaterThanOrEqual(2);
  const [picked] = retrievers;
  expect(retrievalsBy(picked)).toBeLessThan(retrievals.length);

  await page.getByLabel('Retriever: all retrievers').click();
  const options = page.getByRole('group', { name: 'Retriever' }).getByRole('checkbox');
  await expect(options).toHaveCount(retrievers.length);
  await page.getByRole('group', { name: 'Retriever' }).getByLabel(picked, { exact: true }).check();
  await page.getByLabel(`Retriever: ${picked}`).click();

  await expect(page).toHaveURL(new RegExp(`[?&]retriever=${encodeURIComponent(picked)}(&|$)`));
  await expect(shown('tier1.retrievals')).toHaveAttribute('data-value', String(retrievalsBy(picked)));
  await expect(shown('tier2.retrievals')).toHaveAttribute('data-value', String(retrievalsBy(picked)));
  await expect(page.getByTestId('metrics.settings-caption')).toContainText(`retriever: ${picked}`);
  await expect(page.locator('.report-download')).toContainText('filtered');
  await page.screenshot({ path: 'test-results/screens/metrics-filters.png' });

  const url = page.url();
  await page.reload();
  await app.idle();
  expect(page.url()).toBe(url);
  await expect(shown('tier1.retrievals')).toHaveAttribute('data-value', String(retrievalsBy(picked)));
  await expect(page.getByLabel(`Retriever: ${picked}`)).toBeVisible();
});

test('a category keeps the retrievals of turns whose prompt has it; Reset clears every filter', async () => {
  await page.getByLabel(`Retriever: ${retrievers[0]}`).click();
  await page.getByRole('group', { name: 'Retriever' }).getByRole('button', { name: 'all retrievers' }).click();
  await page.getByLabel('Category: all categories').click();
  await page.getByRole('group', { name: 'Category' }).getByLabel('returns', { exact: true }).check();
  await page.getByLabel('Category: returns').click();
  await expect(page).toHaveURL(/[?&]category=returns(&|$)/);
  await expect(page).not.toHaveURL(/[?&]retriever=/);
  expect(retrievalsIn('returns')).toBeGreaterThan(0);
  await expect(shown('tier1.retrievals')).toHaveAttribute('data-value', String(retrievalsIn('returns')));
  await expect(page.getByTestId('metrics.settings-caption')).toContainText('category: returns');

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).not.toHaveURL(/[?&](retriever|run_id|category)=/);
  await expect(shown('tier1.retrievals')).toHaveAttribute('data-value', String(retrievals.length));
  await expect(page.getByLabel('Retriever: all retrievers')).toBeVisible();
  // A filter the data gives no value for is left out: these samples may or may not log run_ids.
  await expect(page.getByLabel('Run: all runs')).toHaveCount(events.some((event) => event.run_id != null) ? 1 : 0);
  await expect(page.getByLabel('Category: all categories')).toBeVisible();
  await expect(page.locator('.report-download')).not.toContainText('filtered');
});
