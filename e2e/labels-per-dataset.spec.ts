import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { AppPage } from './pages/app-page';
import { ANNOTATORS, workspaceLog } from './workspace-log';

/**
 * Issue 24, point 2: a label belongs to the logs it was given on. Labels given on the samples do
 * not follow the user into the 55k-event workspace log (no events, warnings or annotator of
 * theirs there), the status line says how many apply and how many belong to other logs, and
 * each set applies again when its logs come back.
 */
const SAMPLES = ['creative-assistant.jsonl', 'creative-labels.csv', 'asset-catalog.jsonl.gz'];

async function openSession(page: Page, id: string) {
  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill(id);
  await page.getByRole('table', { name: 'Sessions table' }).getByRole('row').filter({ has: page.getByRole('cell', { name: id, exact: true }) }).click();
  return page.getByRole('region', { name: `Session ${id}`, exact: true });
}

const resultsOf = (page: Page, session: ReturnType<Page['getByRole']>, retrievalId: string) =>
  session.locator('.event-retrieval').filter({ has: page.getByRole('list', { name: `Results of ${retrievalId}` }) });

const lineCount = (file: string) => readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '').length;

async function clear(app: AppPage) {
  await app.page.getByRole('button', { name: 'Clear', exact: true }).click();
  // Labels given on these logs are in no export: Clear asks first.
  await app.page.getByRole('dialog', { name: 'Clear the loaded logs?' }).getByRole('button', { name: /^Clear the / }).click();
  // Clear also removes the logs from the browser's storage, which restarts the engine.
  await expect(app.status()).toHaveText('No logs loaded', { timeout: 180_000 });
  await app.idle();
}

test('labels given on one log stay with it: another log neither counts nor shows them', async ({ page }) => {
  test.setTimeout(420_000);
  const big = workspaceLog();
  const bigEvents = lineCount(big);
  expect(bigEvents).toBeGreaterThanOrEqual(50_000);
  const app = new AppPage(page);
  await page.addInitScript(() => window.localStorage.setItem('retrieval-inspector:annotator', 'tester'));
  await app.open();

  // Two labels on the samples.
  await app.loadFiles(...SAMPLES);
  await app.goTo('Sessions');
  const session = await openSession(page, 'ca-0001');
  const retrieval = resultsOf(page, session, 'r-000001');
  await retrieval.getByRole('group', { name: 'Grade tpl-0369' }).getByRole('button', { name: '2' }).click();
  await retrieval.getByRole('combobox', { name: 'Role of r-000001' }).selectOption('reference');
  await expect(page.getByTestId('status.given-labels')).toHaveText('The 2 labels you gave here apply to these logs.', { timeout: 30_000 });
  const samplesStatus = await app.status().textContent();

  // Another log: its own events only, no warning, no tester among its annotators.
  await clear(app);
  await app.openFiles(big);
  await expect(app.status()).toHaveText(`Loaded ${bigEvents.toLocaleString('en-US')} events from 1 file (0 rejected)`, { timeout: 120_000 });
  await expect(page.locator('.status-line')).not.toContainText('warning');
  await expect(page.getByTestId('status.given-labels')).toHaveText('None of your labels apply to these logs; 2 labels given here belong to other logs, kept.');
  await app.goTo('Overview');
  const labelsTable = page.getByRole('region', { name: 'Labels' }).locator('table.labels-table');
  await expect(labelsTable).toBeVisible({ timeout: 60_000 });
  for (const annotator of ANNOTATORS) await expect(labelsTable).toContainText(annotator);
  await expect(labelsTable).not.toContainText('tester');
  await page.screenshot({ path: '/tmp/i24a-labels-other-log.png' });

  // A label given on this log applies here; the samples' two stay kept.
  // (A link to the session: the search box finds b-s1 in b-s10 … b-s1999 too.)
  await app.open('?view=sessions&session=b-s1');
  const bigSession = page.getByRole('region', { name: 'Session b-s1', exact: true });
  await resultsOf(page, bigSession, 'r-b1').getByRole('group', { name: 'Grade tpl-2597' }).getByRole('button', { name: '3' }).click();
  await expect(page.getByTestId('status.given-labels')).toHaveText('1 of your labels applies to these logs; 2 belong to other logs, kept.', { timeout: 60_000 });
  await expect(app.status()).toContainText(`${bigEvents.toLocaleString('en-US')} events from 1 file (0 rejected)`);
  await page.screenshot({ path: '/tmp/i24a-labels-status.png' });

  // Back to the samples: their two labels apply again, the big log's one is kept for it.
  await clear(app);
  await app.loadFiles(...SAMPLES);
  await expect(app.status()).toHaveText(samplesStatus ?? '');
  await expect(page.getByTestId('status.given-labels')).toHaveText('2 of your labels apply to these logs; 1 belongs to other logs, kept.', { timeout: 30_000 });
  await app.goTo('Sessions');
  const again = resultsOf(page, await openSession(page, 'ca-0001'), 'r-000001');
  await expect(again.getByLabel('Labels of tpl-0369')).toContainText('tester: 2', { timeout: 30_000 });
});
