import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { AppPage } from './pages/app-page';
import { ANNOTATORS, workspaceLog } from './workspace-log';

/**
 * Issue 24, point 13: on a 55k-event log with three annotators (one re-grading some of her labels,
 * a second annotator on every seventh label), Overview, Annotate and Agreement show the same two
 * counts per annotator: labels given (every vote, superseded ones included) and items labeled.
 * The expected counts are worked out from the file here, with plain JSON parsing.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.SHOTS ?? 'test-results/screens/label-counts-';
let page: Page;
let app: AppPage;
let expected: Map<string, { labels: number; items: number }>;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const file = workspaceLog();
  expected = new Map();
  const items = new Map<string, Set<string>>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes('"type":"label"')) continue;
    const label = JSON.parse(line) as Record<string, unknown>;
    if (label.kind !== 'relevance') continue;
    const name = String(label.annotator);
    const count = expected.get(name) ?? { labels: 0, items: 0 };
    count.labels += 1;
    expected.set(name, count);
    const set = items.get(name) ?? new Set<string>();
    set.add(`${String(label.retrieval_id)}|${String(label.asset_id)}`);
    items.set(name, set);
  }
  for (const [name, set] of items) expected.get(name)!.items = set.size;
  // the re-grades make labels given and items labeled differ for ana
  expect(expected.get('ana')!.labels).toBeGreaterThan(expected.get('ana')!.items);

  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  app = new AppPage(page);
  await app.open();
  await app.openFiles(file);
  await expect(app.status()).toContainText(/Loaded 5\d,\d{3} events/);
});

test.afterAll(() => page.close());

async function countsIn(row: Locator) {
  await expect(row).toHaveAttribute('data-labels', /\d/, { timeout: 60_000 });
  return { labels: Number(await row.getAttribute('data-labels')), items: Number(await row.getAttribute('data-items')) };
}

test('Overview: labels given and items labeled per annotator, with what each counts', async () => {
  const panel = page.getByRole('region', { name: 'Labels' });
  await expect(panel.getByTestId('labels.definition')).toContainText('labels given: every vote, superseded ones');
  for (const name of ANNOTATORS) {
    expect(await countsIn(panel.locator(`tr[data-annotator="${name}"] td[data-kind="relevance"]`))).toEqual(expected.get(name));
  }
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}overview.png` });
});

test('Agreement: the same counts in its Annotators table', async () => {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Agreement/ }).click();
  const table = page.getByTestId('agreement.annotators');
  for (const name of ANNOTATORS) expect(await countsIn(table.locator(`tr[data-annotator="${name}"]`))).toEqual(expected.get(name));
  await expect(table.getByRole('columnheader', { name: 'Labels given' })).toBeVisible();
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}agreement.png` });
});

test('Annotate: the same counts beside the relevance queue', async () => {
  test.setTimeout(120_000);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Annotate/ }).click();
  // the name is asked once, before the first queue opens
  const name = page.getByLabel('Annotator name');
  await name.fill('ana');
  await name.press('Enter');
  const table = page.getByRole('table', { name: 'Labels per annotator' });
  for (const annotator of ANNOTATORS) expect(await countsIn(table.locator(`tr[data-annotator="${annotator}"]`))).toEqual(expected.get(annotator));
  await expect(table.getByRole('columnheader', { name: 'labels given' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}annotate.png` });
});
