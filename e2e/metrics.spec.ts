import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { AppPage, samplePath } from './pages/app-page';
import { GOOD_SAMPLES } from './sample-files';

const BIN = path.resolve(import.meta.dirname, '../bin/retrieval-inspector.mjs');

const run = promisify(execFile);
const reports = new Map<string, Promise<Record<string, unknown>>>();

/**
 * The command line's report on the same files: computed by the same code, outside the browser.
 * Each is run once for this file's tests (a run costs seconds of CPU: the engine starts in a Node
 * process of its own), and in the background, so a test can ask for it before the page needs it.
 */
function cliReportOn(files: string[], ...flags: string[]): Promise<Record<string, unknown>> {
  const key = JSON.stringify([files, flags]);
  if (!reports.has(key)) {
    const args = [BIN, 'report', '--json', ...flags, ...files.map(samplePath)];
    const report = run(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).then(({ stdout }) => JSON.parse(stdout));
    report.catch(() => undefined); // a failed run fails the test that awaits it, not the worker before then
    reports.set(key, report);
  }
  return reports.get(key)!;
}

const cliReport = (...flags: string[]) => cliReportOn(GOOD_SAMPLES, ...flags);

/** The first role of the report's Tier 1 by role. */
const reportFirstRole = (report: Record<string, unknown>) => Object.keys((report.tier1 as { by_role: Record<string, unknown> }).by_role)[0];

const at = (report: unknown, keyPath: string) => keyPath.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], report);

async function shownMetrics(page: Page): Promise<[string, string][]> {
  return page.locator('[data-metric]').evaluateAll((nodes) => nodes.map((n) => [n.getAttribute('data-metric')!, n.getAttribute('data-value')!]));
}

let page: Page;
let app: AppPage;

/**
 * These tests only read the Metrics screen on the good samples: they share one page, loaded once
 * (the second test reloads it for the default K, the kept logs reopening).
 */
test.describe('the good samples, loaded once', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    // The first test's reports, asked now: they run while the page loads.
    void cliReport();
    void cliReport('--k', '3');
    app = await AppPage.openNew(browser, '?view=metrics');
    page = app.page;
    await app.loadFiles(...GOOD_SAMPLES);
  });

  test.afterAll(() => page.close());

  test('every number on the Metrics screen equals report --json on the same logs, and K in the URL changes P@k', async () => {
    test.setTimeout(180_000);
    await expect(page.locator('[data-metric="tier1.p_at_k"]')).toBeVisible();

    const report = await cliReport();
    const shown = await shownMetrics(page);
    expect(shown.length).toBeGreaterThan(60);
    // judged@K per role is no key of the report's by_role (docs/metrics.md "The report"): it is the
    // report's tier1.judged_at_k of that role's retrievals alone, checked for the first role shown.
    const judgedPerRole = shown.filter(([keyPath]) => /^tier1\.by_role\.[^.]+\.judged_at_k$/.test(keyPath));
    expect(judgedPerRole.length).toBeGreaterThan(1);
    const [firstRolePath, firstRoleValue] = judgedPerRole[0];
    const firstRole = firstRolePath.split('.')[2];
    expect(Number(firstRoleValue), firstRolePath).toBeCloseTo(at(await cliReport('--role', firstRole), 'tier1.judged_at_k') as number, 9);
    for (const [keyPath, value] of shown.filter((entry) => !judgedPerRole.includes(entry))) {
      const expected = at(report, keyPath);
      expect(expected, `report has ${keyPath}`).not.toBeUndefined();
      if (expected === null) expect(value, keyPath).toBe('null');
      else expect(Number(value), keyPath).toBeCloseTo(expected as number, 9);
    }
    await page.screenshot({ path: 'test-results/screens/metrics.png', fullPage: true });

    const atK10 = Number(await page.locator('[data-metric="tier1.p_at_k"]').getAttribute('data-value'));
    await page.goto('/?view=metrics&k=3');
    await app.idle();
    await app.loadFiles(...GOOD_SAMPLES);
    const atK3 = at(await cliReport('--k', '3'), 'tier1.p_at_k') as number;
    expect(atK3).not.toBeCloseTo(atK10, 6);
    await expect(page.locator('[data-metric="tier1.p_at_k"]')).toHaveAttribute('data-value', String(atK3));
    await expect(page.getByText('K = 3 · Tier 1 bad').first()).toBeVisible();
  });

  test('a matrix cell lists its retrievals, and each opens its session', async () => {
    test.setTimeout(120_000);
    // the default K again, on the logs loaded above (kept, and reopened by the page load)
    await page.goto('/?view=metrics');
    await app.idle();
    await expect(app.status()).toHaveText(/^Restored /);
    const masked = Number(await page.locator('[data-metric="matrix.masked_silent"]').getAttribute('data-value'));
    await page.getByRole('button', { name: /silent/ }).click();
    const table = page.getByRole('table', { name: 'Retrievals in the cell' });
    await expect(table.getByRole('row')).toHaveCount(Math.min(masked, 1000) + 1);
    const first = table.getByRole('row').nth(1);
    await expect(first.getByRole('cell').nth(6)).toHaveText('none');
    const session = (await first.getByRole('link').textContent())!;
    await first.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`view=sessions.*session=${session}|session=${session}.*view=sessions`));
  });

  test('why here? from the masked cell: the slices of report --explain, and a slice lists its retrievals, each opening its session', async () => {
    test.setTimeout(120_000);
    // This test's reports, asked at once: they run while the page works.
    void cliReport('--explain', 'masked');
    void cliReport('--explain', 'orf');
    cliReport().then((report) => cliReport('--explain', 'tier1_bad', '--role', reportFirstRole(report))).catch(() => undefined);
    await app.goToView('?view=metrics');
    await page.getByTestId('why-here.open.masked').click();
    const slices = page.getByRole('table', { name: 'Where masked retrieval failures concentrate' });
    const explain = (await cliReport('--explain', 'masked')).explain as { population: number; hits: number; slices: { slice: Record<string, string>; n: number; hits: number }[] };
    expect(explain.slices.length).toBeGreaterThan(0);
    await expect(slices.getByRole('row')).toHaveCount(explain.slices.length + 1);
    await expect(page.getByTestId('why-here.summary')).toContainText(`${explain.hits.toLocaleString('en-US')} of ${explain.population.toLocaleString('en-US')} judged retrievals`);
    const [top] = explain.slices;
    const name = Object.entries(top.slice).map(([attribute, value]) => `${attribute}=${value}`).join('');
    const firstRow = slices.getByRole('row').nth(1);
    await expect(firstRow.getByRole('cell').nth(0)).toHaveText(name);
    await expect(firstRow.getByRole('cell').nth(1)).toHaveText(String(top.n));
    await expect(firstRow.getByRole('cell').nth(2)).toHaveText(String(top.hits));
    await page.locator('#why-here').screenshot({ path: 'test-results/screens/why-here.png' });
    const signals = page.getByRole('group', { name: 'Signal' });
    const orf = (await cliReport('--explain', 'orf')).explain as { population: number; hits: number };
    await signals.getByRole('button', { name: /ORF/ }).click();
    await expect(page.getByTestId('why-here.summary')).toContainText(`${orf.hits.toLocaleString('en-US')} of ${orf.population.toLocaleString('en-US')} retrievals`);
    await signals.getByRole('button', { name: /Masked/ }).click();

    await firstRow.getByRole('button', { name: /List the retrievals/ }).click();
    const retrievals = page.getByTestId('why-here.slice-retrievals').getByRole('table');
    await expect(retrievals.getByRole('row')).toHaveCount(top.n + 1);
    await expect(retrievals.getByRole('row').filter({ has: page.getByRole('strong') })).toHaveCount(top.hits);
    await page.locator('#why-here').screenshot({ path: 'test-results/screens/why-here-slice.png' });
    await page.getByTestId('matrix').screenshot({ path: 'test-results/screens/why-here-matrix.png' });
    const link = retrievals.getByRole('row').nth(1).getByRole('link');
    const session = (await link.textContent())!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`view=sessions.*session=${session}|session=${session}.*view=sessions`));
    await page.goto('/?view=sessions');
    // a page load: the kept logs reopen before the list's filters show
    await expect(page.getByTestId('sessions.why-here').getByRole('link', { name: 'masked' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('group', { name: 'Signal filters' }).screenshot({ path: 'test-results/screens/why-here-sessions.png' });

    // A role's row in the Tier 1 table opens the panel among that role's retrievals: the CLI's --role
    const role = reportFirstRole(await cliReport());
    const amongRole = (await cliReport('--explain', 'tier1_bad', '--role', role)).explain as { population: number; hits: number };
    await page.goto('/?view=metrics');
    await page.getByRole('link', { name: `Why here? Tier 1 bad retrievals, role ${role}` }).click({ timeout: 60_000 });
    await expect(page).toHaveURL(new RegExp(`[?&]role=${role}(&|$)`));
    await expect(page.getByTestId('why-here.summary')).toContainText(`${amongRole.hits.toLocaleString('en-US')} of ${amongRole.population.toLocaleString('en-US')} judged retrievals`);
    await page.getByRole('table', { name: 'Tier 1 by role' }).screenshot({ path: 'test-results/screens/why-here-role-links.png' });
  });
});

test('settings live in the URL: a bad K is reported and the default used', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('?view=metrics&k=500');
  await app.loadFiles('creative-assistant.jsonl', 'creative-labels.csv');
  await expect(page.getByRole('alert')).toContainText('k must be an integer from 1 to 100, got "500"');
  await expect(page.getByText('K = 10 · Tier 1 bad').first()).toBeVisible();
});

test('?k=0&tier1_threshold=0.3: the Sessions list marks the masked failures Metrics counts, both at threshold 0.3 and the default K', async ({ page }) => {
  test.setTimeout(120_000);
  const files = ['customer-service.jsonl'];
  const masked = async (...flags: string[]) => at(await cliReportOn(files, ...flags), 'matrix.masked') as number;
  // on these logs one masked failure has 0.3 <= nDCG@10 < 0.5, so a screen at the default threshold counts one more
  const [at03, atDefault] = await Promise.all([masked('--tier1-threshold', '0.3'), masked()]);
  expect(atDefault).not.toBe(at03);

  const app = new AppPage(page);
  await app.open('?view=metrics&k=0&tier1_threshold=0.3');
  await app.loadFiles(...files);
  await expect(page.getByRole('alert')).toContainText('k must be an integer from 1 to 100, got "0"');
  await expect(page.getByText('K = 10 · Tier 1 bad: empty, P@1 = 0 or nDCG@10 < 0.3').first()).toBeVisible();
  await expect(page.locator('[data-metric="matrix.masked"]')).toHaveAttribute('data-value', String(at03));

  await app.goTo('Sessions');
  await expect(page).toHaveURL(/view=sessions/);
  expect(new URL(page.url()).searchParams.get('tier1_threshold')).toBe('0.3');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('table-download.sessions.jsonl').click()]);
  const rows = readFileSync(await download.path(), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.reduce((sum, row) => sum + Number(String(row.masked).replaceAll(',', '')), 0)).toBe(at03);

  // a session the list marks: its inspector states the rule it marks by
  await page.getByRole('group', { name: 'Signal filters' }).getByRole('button', { name: /^masked/ }).click();
  await expect(page.getByTestId('sessions.count')).toContainText(' of ');
  const first = page.getByRole('table', { name: 'Sessions table' }).getByRole('rowgroup').getByRole('row').first();
  const session = (await first.getByRole('cell').first().textContent())!;
  expect(Number(rows.find((row) => row.session === session)?.masked)).toBeGreaterThan(0);
  await first.click();
  await expect(page.getByRole('region', { name: `Session ${session}`, exact: true })).toBeVisible();
  await expect(page.getByText('Tier 1 bad = judged and (empty, P@1 = 0 or nDCG@10 < 0.3)')).toBeVisible();
});
