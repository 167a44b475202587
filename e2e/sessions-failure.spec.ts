import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './pages/app-page';

/**
 * The engine fails a statement while the page says so: its worker's messages are rewritten on
 * the way (the engine runs in a Web Worker), so that a statement containing `window.failStatement`
 * reads a table that does not exist. The app's code and SQL are untouched.
 */
async function failStatementsContaining(page: Page) {
  await page.addInitScript(() => {
    const flags = window as unknown as { failStatement: string | null };
    flags.failStatement = null;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
      const request = message as { type?: string; data?: unknown[] };
      const marker = flags.failStatement;
      const carriesSql = request?.type === 'CREATE_PREPARED' || request?.type === 'RUN_QUERY' || request?.type === 'START_PENDING_QUERY';
      if (marker && carriesSql && typeof request.data?.[1] === 'string' && request.data[1].includes(marker)) {
        const data = [...request.data];
        data[1] = `SELECT * FROM failing_on_purpose_no_such_table, (${data[1] as string})`;
        message = { ...request, data };
      }
      return (post as (this: Worker, ...args: unknown[]) => void).call(this, message, ...rest);
    };
  });
}

const setFailing = (page: Page, marker: string | null) =>
  page.evaluate((value) => ((window as unknown as { failStatement: string | null }).failStatement = value), marker);

test('a session list that could not be read says what failed and offers to try again, never "no session matches"', async ({ page }) => {
  await failStatementsContaining(page);
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles('creative-assistant.jsonl');
  // the session list's statement (session-signals.ts) fails from its first run
  await setFailing(page, 'event_counts AS (');
  await app.goTo('Sessions');

  const failure = page.getByTestId('sessions.failure');
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('heading')).toHaveText('The sessions could not be listed');
  await expect(failure).toContainText('Could not read the session list:');
  await expect(failure).toContainText('failing_on_purpose_no_such_table does not exist');
  // the engine's reason, not the statement it quotes
  await expect(failure).not.toContainText('LINE 1');
  await expect(page.getByText('No session matches this filter.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Sessions table' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/sessions-list-failed.png' });

  // asked again while it still fails: still the failure
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(failure.getByRole('button', { name: 'Try again' })).toBeEnabled();
  await expect(failure).toContainText('Could not read the session list:');

  // once the engine answers, the list is back
  await setFailing(page, null);
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(failure).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Sessions table' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // a search that fails is named as such, the list under it is not shown as empty
  await setFailing(page, 'WITH hits AS (');
  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill('zz-no-such-text');
  await expect(failure).toContainText('Could not read the search:');
  await expect(failure).not.toContainText('the session list');
  await expect(page.getByText('No session matches this filter.')).toHaveCount(0);
  await setFailing(page, null);
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No session matches this filter.')).toBeVisible();
});
