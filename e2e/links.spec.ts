import { expect, test, type Locator, type Page } from '@playwright/test';
import { AppPage } from './pages/app-page';
import { GOOD_SAMPLES } from './sample-files';

/**
 * Every kind of link between screens navigates in place: the page is loaded once, marked, and
 * every link is followed by clicks only. A reload would lose the mark and the logs (they live in
 * the tab); Back returns to the view the link was clicked on.
 */
test.describe.configure({ mode: 'serial' });

const SCREENS = 'test-results/screens';
let page: Page;
let app: AppPage;
let loaded: string;

/** The app's status line (a graph that is being laid out has a status of its own). */
const statusLine = () => page.locator('.status-line').getByRole('status');

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  page = await browser.newPage();
  app = new AppPage(page);
  await app.open();
  await app.loadFiles(...GOOD_SAMPLES, 'malformed.jsonl');
  loaded = (await statusLine().textContent())!;
  expect(loaded).toMatch(/^Loaded [\d,]+ events from 7 files \([1-9]\d* rejected\)$/);
  await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
});

test.afterAll(async () => {
  await page.close();
});

/** Still the same document, with the same logs loaded. */
async function expectNoReload() {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
  await expect(statusLine()).toHaveText(loaded);
}

const query = () => new URL(page.url()).searchParams;

/** Follows a link, checks where it lands, then goes Back and checks the view it left. */
async function follow(link: Locator, expected: { view: string; params: Record<string, string | RegExp>; heading: Locator }, back: Locator) {
  const before = page.url();
  await link.click();
  await expect.poll(() => query().get('view')).toBe(expected.view);
  for (const [name, value] of Object.entries(expected.params)) {
    if (typeof value === 'string') expect(query().get(name), name).toBe(value);
    else expect(query().get(name), name).toMatch(value);
  }
  await expect(expected.heading).toBeVisible();
  await expectNoReload();
  await page.goBack();
  await expect(page).toHaveURL(before);
  await expect(back).toBeVisible();
  await expectNoReload();
}

const sessionHeading = (sessionId: string) => page.getByRole('region', { name: `Session ${sessionId}`, exact: true }).getByRole('heading', { name: sessionId, exact: true });

test('Metrics matrix cell → its session, with the shared settings and without the Metrics filters', async () => {
  await app.goTo('Metrics');
  await page.getByRole('spinbutton', { name: 'K' }).fill('5');
  await page.getByLabel('Role: all roles').click();
  await page.getByRole('group', { name: 'Role' }).getByRole('checkbox', { name: 'find' }).check();
  await expect.poll(() => query().get('role')).toBe('find');
  expect(query().get('k')).toBe('5');

  await page.getByRole('button', { name: /^Masked retrieval failure/ }).click();
  await expect.poll(() => query().get('cell')).toBe('masked');
  const table = page.getByRole('table', { name: 'Retrievals in the cell' });
  const link = table.getByRole('row').nth(1).getByRole('link');
  const sessionId = (await link.textContent())!;
  await page.screenshot({ path: `${SCREENS}/links-metrics-cell.png`, fullPage: true });
  await follow(link, { view: 'sessions', params: { session: sessionId, k: '5', node: /^retrieval:/ }, heading: sessionHeading(sessionId) }, table);
  expect(query().get('role')).toBe('find');

  // each cell selection is a history entry of its own
  await page.goBack();
  await expect.poll(() => query().get('cell')).toBeNull();
  await expect(table).toHaveCount(0);
  await page.goForward();
  await expect(table).toBeVisible();
  await expectNoReload();
});

test('a link from Metrics leaves its filters behind', async () => {
  await page.getByRole('table', { name: 'Retrievals in the cell' }).getByRole('row').nth(1).getByRole('link').click();
  await expect.poll(() => query().get('view')).toBe('sessions');
  for (const name of ['role', 'surface', 'cell']) expect(query().has(name), name).toBe(false);
  expect(query().get('k')).toBe('5');
  await page.goBack();
  await expect.poll(() => query().get('view')).toBe('metrics');
});

test('Tier 3 list → its session', async () => {
  const tier3 = page.getByTestId('tier3');
  await tier3.getByRole('button', { name: 'abandoned by session' }).click();
  await expect.poll(() => query().get('tier3')).toBe('abandoned_by_session');
  const list = tier3.locator('.session-chips');
  const link = list.getByRole('link').first();
  const sessionId = (await link.textContent())!;
  await follow(link, { view: 'sessions', params: { session: sessionId }, heading: sessionHeading(sessionId) }, list);
});

test('Overview rejected and warning counts → the Rejected rows of that file', async () => {
  await app.goTo('Overview');
  await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Loaded files' }).getByRole('row').filter({ hasText: 'malformed.jsonl' });
  const heading = page.getByRole('heading', { name: 'Rejected rows and warnings' });
  await follow(row.getByRole('cell').nth(3).getByRole('link'), { view: 'rejected', params: { file: 'malformed.jsonl', severity: 'rejected' }, heading }, row);
  await follow(row.getByRole('cell').nth(4).getByRole('link'), { view: 'rejected', params: { file: 'malformed.jsonl', severity: 'warning' }, heading }, row);

  await row.getByRole('cell').nth(4).getByRole('link').click();
  await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveValue('warning');
  await page.screenshot({ path: `${SCREENS}/links-rejected.png`, fullPage: true });
  await page.goBack();
});

test('Questions → a question → its session', async () => {
  await app.goTo('Questions');
  const questions = page.getByRole('table', { name: 'Question runs' });
  const heading = page.getByRole('heading', { name: 'q06 · run baseline' });
  await follow(questions.locator('tr[data-question="q06"][data-run="baseline"]').getByRole('link'),
    { view: 'questions', params: { question: 'q06', run: 'baseline' }, heading }, questions);

  await questions.locator('tr[data-question="q06"][data-run="baseline"]').getByRole('link').click();
  await expect(heading).toBeVisible();
  const session = page.getByRole('region', { name: /^Question q06/ }).getByRole('link', { name: 'mh-baseline-q06' });
  await follow(session, { view: 'sessions', params: { session: 'mh-baseline-q06' }, heading: sessionHeading('mh-baseline-q06') }, heading);
});

test('Lineage cross-session completion → its session, and that session\'s node → Lineage', async () => {
  await app.goTo('Lineage');
  const completions = page.getByRole('table', { name: 'Cross-session completions' });
  const link = completions.getByRole('row').nth(1).getByRole('cell').nth(2).getByRole('link');
  const sessionId = (await link.textContent())!;
  await follow(link, { view: 'sessions', params: { session: sessionId, node: /^action:/ }, heading: sessionHeading(sessionId) }, completions);

  await link.click();
  const details = page.getByRole('region', { name: 'Selected node' });
  await expect(details).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/links-session-node.png` });
  const trace = details.getByRole('link', { name: /^Trace .* across sessions$/ });
  const assetId = (await trace.textContent())!.replace(/^Trace (.*) across sessions$/, '$1');
  await follow(trace, { view: 'lineage', params: { asset: assetId }, heading: page.getByRole('region', { name: `Trace of asset ${assetId}` }).getByRole('heading').first() }, details);
});

test('a session\'s ranked list → Lineage, and the nav bar carries only the shared settings', async () => {
  await app.goTo('Lineage');
  const source = page.getByRole('table', { name: 'Cross-session completions' }).getByRole('row').nth(1).getByRole('cell').nth(4).getByRole('link');
  const sessionId = (await source.textContent())!;
  await source.click();
  await expect(sessionHeading(sessionId)).toBeVisible();
  const results = page.getByRole('list', { name: /^Results of / }).first();
  const asset = results.locator('.ranked-id').first();
  const assetId = (await asset.textContent())!;
  await follow(asset, { view: 'lineage', params: { asset: assetId }, heading: page.getByRole('region', { name: `Trace of asset ${assetId}` }).getByRole('heading').first() }, results);

  await app.goTo('Metrics');
  expect([...query().keys()].sort()).toEqual(['k', 'view']);
  await expect(page.getByRole('spinbutton', { name: 'K' })).toHaveValue('5');
  await expectNoReload();
});
