import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AppPage, samplePath } from './pages/app-page';

const BIN = path.resolve(import.meta.dirname, '../bin/retrieval-inspector.mjs');
const LOGS = ['creative-assistant.jsonl', 'creative-labels.csv', 'asset-catalog.jsonl.gz'];

/** Numbers summed in another order (an incremental update against a fresh load) may differ in the last bit. */
const rounded = (json: string) =>
  JSON.parse(json, (_, value: unknown) => (typeof value === 'number' ? Number(value.toPrecision(12)) : value)) as unknown;

async function openSession(page: Page, id: string) {
  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill(id);
  await page.getByRole('table', { name: 'Sessions table' }).getByRole('row').filter({ has: page.getByRole('cell', { name: id, exact: true }) }).click();
  return page.getByRole('region', { name: `Session ${id}`, exact: true });
}

const resultsOf = (page: Page, session: ReturnType<Page['getByRole']>, retrievalId: string) =>
  session.locator('.event-retrieval').filter({ has: page.getByRole('list', { name: `Results of ${retrievalId}` }) });

async function download(page: Page, click: () => Promise<void>, to: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  await file.saveAs(to);
  return readFileSync(to, 'utf8');
}

test('a label survives a reload right after the click, and its export loads back with the same report', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await page.addInitScript(() => window.localStorage.setItem('retrieval-inspector:annotator', 'rt'));
  await app.open();
  await app.loadFiles(...LOGS);
  await app.goTo('Sessions');
  const session = await openSession(page, 'ca-0001');
  const retrieval = resultsOf(page, session, 'r-000001');
  await retrieval.getByRole('group', { name: 'Grade tpl-0369' }).getByRole('button', { name: '2' }).click();
  // The reload comes before the label is applied to the database: the journal alone must keep it.
  await page.reload();
  await app.idle();
  const again = resultsOf(page, page.getByRole('region', { name: 'Session ca-0001', exact: true }), 'r-000001');
  await expect(again.getByLabel('Labels of tpl-0369')).toContainText('rt: 2', { timeout: 30_000 });
  await again.getByRole('combobox', { name: 'Role of r-000001' }).selectOption('reference');
  await expect(again.locator('.resolved-role')).toHaveText('reference');

  await app.goTo('Metrics');
  const report = await download(page, () => page.getByTestId('metrics.download-report').click(), testInfo.outputPath('report.json'));
  await app.goTo('Overview');
  const labelsFile = testInfo.outputPath('labels-given-here.jsonl');
  const labels = await download(page, () => page.getByTestId('labels.export-given').click(), labelsFile);
  expect(labels.trim().split('\n').map((line) => JSON.parse(line) as { annotator: string; kind: string })).toEqual([
    expect.objectContaining({ type: 'label', annotator: 'rt', kind: 'relevance', retrieval_id: 'r-000001', asset_id: 'tpl-0369', grade: 2 }),
    expect.objectContaining({ type: 'label', annotator: 'rt', kind: 'role', retrieval_id: 'r-000001', role: 'reference' }),
  ]);

  // The command line on the same logs plus the exported labels prints the browser's report.
  const cli = execFileSync(process.execPath, [BIN, 'report', '--json', ...LOGS.map(samplePath), labelsFile], { encoding: 'utf8' });
  expect(rounded(cli)).toEqual(rounded(report));

  // Taken back here and loaded from the export instead, the labels give the same report again.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Discard labels given here…' }).click();
  await expect(page.getByTestId('labels.export-given')).toBeDisabled();
  await app.openFiles(labelsFile);
  await app.goTo('Metrics');
  const reloaded = await download(page, () => page.getByTestId('metrics.download-report').click(), testInfo.outputPath('report-after-import.json'));
  expect(rounded(reloaded)).toEqual(rounded(report));
});

test('two tabs labeling at once keep both labels', async ({ page, context }) => {
  test.setTimeout(180_000);
  await context.addInitScript(() => window.localStorage.setItem('retrieval-inspector:annotator', 'tabs'));
  const first = new AppPage(page);
  await first.open();
  await first.loadFiles('creative-assistant.jsonl');
  const second = await context.newPage();
  const other = new AppPage(second);
  await other.open('?view=sessions&session=ca-0001');
  await first.goTo('Sessions');
  const here = resultsOf(page, await openSession(page, 'ca-0001'), 'r-000001');
  const there = resultsOf(second, second.getByRole('region', { name: 'Session ca-0001', exact: true }), 'r-000001');
  await Promise.all([
    here.getByRole('group', { name: 'Grade tpl-0369' }).getByRole('button', { name: '3' }).click(),
    there.getByRole('group', { name: 'Grade tpl-0106' }).getByRole('button', { name: '1' }).click(),
  ]);
  for (const tab of [here, there]) {
    await expect(tab.getByLabel('Labels of tpl-0369')).toContainText('tabs: 3', { timeout: 30_000 });
    await expect(tab.getByLabel('Labels of tpl-0106')).toContainText('tabs: 1', { timeout: 30_000 });
  }
  await page.reload();
  await first.idle();
  const reopened = resultsOf(page, page.getByRole('region', { name: 'Session ca-0001', exact: true }), 'r-000001');
  await expect(reopened.getByLabel('Labels of tpl-0369')).toContainText('tabs: 3', { timeout: 30_000 });
  await expect(reopened.getByLabel('Labels of tpl-0106')).toContainText('tabs: 1');
});

/** The Overview's count of `annotator`'s relevance labels (labels given, items labeled). */
async function relevanceCounts(page: Page, annotator: string) {
  const cell = page.locator(`.labels-table tr[data-annotator="${annotator}"] td[data-kind="relevance"]`);
  await expect(cell).toBeVisible({ timeout: 30_000 });
  return { labels: Number(await cell.getAttribute('data-labels')), items: Number(await cell.getAttribute('data-items')) };
}

test('labels given here survive Clear and the same file loaded again, and their export counts once beside them and in a fresh profile', async ({ page, browser }, testInfo) => {
  test.setTimeout(300_000);
  const app = new AppPage(page);
  await page.addInitScript(() => window.localStorage.setItem('retrieval-inspector:annotator', 'rt'));
  await app.open();
  await app.loadFiles('creative-assistant.jsonl');
  await app.goTo('Sessions');
  const retrieval = resultsOf(page, await openSession(page, 'ca-0001'), 'r-000001');
  for (const [asset, grade] of [['tpl-0369', '2'], ['tpl-0106', '0'], ['tpl-0202', '3']]) {
    await retrieval.getByRole('group', { name: `Grade ${asset}` }).getByRole('button', { name: grade }).click();
    await expect(retrieval.getByLabel(`Labels of ${asset}`)).toContainText(`rt: ${grade}`, { timeout: 30_000 });
  }
  await app.goTo('Overview');
  expect(await relevanceCounts(page, 'rt')).toEqual({ labels: 3, items: 3 });
  const labelsFile = testInfo.outputPath('labels-given-here.jsonl');
  expect((await download(page, () => page.getByTestId('labels.export-given').click(), labelsFile)).trim().split('\n')).toHaveLength(3);

  // Cleared (the labels are exported: nothing is asked), the page reloaded, the same file again.
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(app.status()).toHaveText('No logs loaded', { timeout: 180_000 });
  await page.reload();
  await app.idle();
  await app.loadFiles('creative-assistant.jsonl');
  await expect(page.getByTestId('status.given-labels')).toHaveText('The 3 labels you gave here apply to these logs.', { timeout: 30_000 });
  expect(await relevanceCounts(page, 'rt')).toEqual({ labels: 3, items: 3 });

  // The export loaded beside them: the same three labels, counted once, and the user told so.
  await app.openFiles(labelsFile);
  await expect(page.getByTestId('status.given-labels')).toHaveText(
    "The 3 labels you gave here apply to these logs. All of them are in a loaded file too, and counted once, as the file's.", { timeout: 30_000 });
  expect(await relevanceCounts(page, 'rt')).toEqual({ labels: 3, items: 3 });
  await expect(app.status()).not.toContainText('reference warning');
  await app.goTo('Metrics');
  const here = await download(page, () => page.getByTestId('metrics.download-report').click(), testInfo.outputPath('report-here.json'));

  // A fresh profile: the log and the export give the same counts and the same report.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const otherApp = new AppPage(other);
  await otherApp.open();
  await otherApp.openFiles([samplePath('creative-assistant.jsonl'), labelsFile]);
  expect(await relevanceCounts(other, 'rt')).toEqual({ labels: 3, items: 3 });
  await otherApp.goTo('Metrics');
  const there = await download(other, () => other.getByTestId('metrics.download-report').click(), testInfo.outputPath('report-fresh.json'));
  expect(rounded(there)).toEqual(rounded(here));
  await fresh.close();
});
