import { expect, test, type Page } from '@playwright/test';
import { AppPage, samplePath } from './pages/app-page';

/**
 * Issue 24, point 3: opening files with logs loaded asks whether they add to those or replace
 * them (Esc cancels, all by keyboard), and Clear asks first while labels given on the loaded logs
 * are in no export.
 */
async function openSession(page: Page, id: string) {
  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill(id);
  await page.getByRole('table', { name: 'Sessions table' }).getByRole('row').filter({ has: page.getByRole('cell', { name: id, exact: true }) }).click();
  return page.getByRole('region', { name: `Session ${id}`, exact: true });
}

test('with logs loaded, opening files asks: add, replace, or Esc for nothing', async ({ page }) => {
  test.setTimeout(240_000);
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles('multihop-qa.json');
  await expect(app.status()).toContainText('from 1 file');
  const one = await app.status().textContent();

  // Esc: nothing is loaded, the focus is back on the page.
  await page.getByLabel('Open log files').setInputFiles(samplePath('customer-service.jsonl'));
  const choice = app.openChoice();
  await expect(choice).toBeVisible();
  await expect(choice).toContainText('You opened customer-service.jsonl');
  await expect(choice.getByRole('button', { name: 'Add to the loaded logs' })).toBeFocused();
  await page.screenshot({ path: '/tmp/i24a-open-choice.png' });
  await page.keyboard.press('Escape');
  await expect(choice).toBeHidden();
  await expect(app.status()).toHaveText(one ?? '');

  // Add: both files.
  await page.getByLabel('Open log files').setInputFiles(samplePath('customer-service.jsonl'));
  await choice.getByRole('button', { name: 'Add to the loaded logs' }).click();
  await app.idle();
  await expect(app.status()).toContainText('from 2 files');

  // Replace, by keyboard: Tab to it, Enter.
  await page.getByLabel('Open log files').setInputFiles(samplePath('creative-assistant.jsonl'));
  await expect(choice.getByRole('button', { name: 'Add to the loaded logs' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(choice.getByRole('button', { name: 'Replace them' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(choice).toBeHidden();
  await expect(app.status()).toHaveText(/^Loaded [\d,]+ events from 1 file \(0 rejected\)$/, { timeout: 180_000 });
  await app.goTo('Overview');
  await expect(page.getByRole('table', { name: 'Loaded files' })).toContainText('creative-assistant.jsonl');
  await expect(page.getByRole('table', { name: 'Loaded files' })).not.toContainText('multihop-qa.json');
});

test('Clear asks first while labels given on the loaded logs are in no export, and offers the export', async ({ page }) => {
  test.setTimeout(240_000);
  const app = new AppPage(page);
  await page.addInitScript(() => window.localStorage.setItem('retrieval-inspector:annotator', 'tester'));
  await app.open();
  await app.loadFiles('creative-assistant.jsonl');
  await app.goTo('Sessions');
  const session = await openSession(page, 'ca-0001');
  const retrieval = session.locator('.event-retrieval').filter({ has: page.getByRole('list', { name: 'Results of r-000001' }) });
  await retrieval.getByRole('group', { name: 'Grade tpl-0369' }).getByRole('button', { name: '2' }).click();
  await expect(page.getByTestId('status.given-labels')).toHaveText('The label you gave here applies to these logs.', { timeout: 30_000 });

  const clear = page.getByRole('button', { name: 'Clear', exact: true });
  const confirm = page.getByRole('dialog', { name: 'Clear the loaded logs?' });
  await clear.click();
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('unexported-labels')).toContainText('1 label you gave on these logs is in no exported file yet.');
  // The safe answer has the focus: Enter does not clear.
  await expect(confirm.getByRole('button', { name: /^Cancel/ })).toBeFocused();
  await page.screenshot({ path: '/tmp/i24a-clear-confirm.png' });
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(app.status()).toContainText('from 1 file');

  await clear.click();
  const [download] = await Promise.all([page.waitForEvent('download'), confirm.getByRole('button', { name: 'Export it ↓' }).click()]);
  expect(download.suggestedFilename()).toBe('labels-given-here.jsonl');
  await expect(confirm.getByTestId('clear-confirm.exported')).toBeVisible();
  await confirm.getByRole('button', { name: 'Clear the 1 file' }).click();
  await expect(app.status()).toHaveText('No logs loaded', { timeout: 180_000 });

  // Exported: loaded again and cleared, nothing is asked.
  await app.loadFiles('creative-assistant.jsonl');
  await expect(page.getByTestId('status.given-labels')).toHaveText('The label you gave here applies to these logs.', { timeout: 30_000 });
  await clear.click();
  await expect(app.status()).toHaveText('No logs loaded', { timeout: 180_000 });
  await expect(confirm).toBeHidden();
});
