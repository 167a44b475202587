import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { AppPage, type ScreenName } from './pages/app-page';
import { workspaceLog } from './workspace-log';

/**
 * Issue 25, point 1: Clear pressed while a screen's queries run ended on "Removing the logs…"
 * for good. On every screen, with a log big enough that the screen computes for seconds, Clear is
 * pressed while the screen says it computes (on Annotate: right after a grade); the app reaches
 * the empty state, says the logs were removed, and loads the log again. One page throughout.
 */

/** Far beyond the seconds Clear takes: only a Clear that never ends fails here. */
const HANG_GUARD_MS = 90_000;

/** Something on the screen says it is computing: a "Computing …" or "Loading …" line, or a region marked busy. */
const computing = (page: Page) => {
  const main = page.getByRole('main');
  return main.getByText(/^(Computing|Loading)\b.*…$/).or(main.locator('[aria-busy="true"]')).first();
};

const clearButton = (page: Page) => page.getByRole('button', { name: 'Clear', exact: true });

interface Screen {
  name: string;
  /** Starts the screen's queries; resolves once the screen says it computes (or, on Annotate, right after a grade). */
  start(app: AppPage): Promise<void>;
}

const byLink = (screen: ScreenName): Screen => ({
  name: screen,
  async start(app) {
    await app.goTo(screen);
    await expect(computing(app.page)).toBeVisible();
  },
});

/** A screen opened by its link in a reload: the kept logs reopen and the screen computes from nothing. */
const byUrl = (name: string, query: string): Screen => ({
  name: `${name} (opened by its link)`,
  async start(app) {
    await app.page.goto(`/${query}`);
    await expect(computing(app.page)).toBeVisible({ timeout: 60_000 });
  },
});

const SCREENS: Screen[] = [
  byUrl('Overview', '?view=overview'),
  byLink('Metrics'),
  byLink('Compare'),
  byLink('Sessions'),
  byUrl('a session', '?view=sessions&session=b-s1'),
  byUrl('Lineage', '?view=lineage'),
  byUrl('Questions', '?view=questions'),
  byLink('Review'),
  byLink('Agreement'),
  byUrl('Gate & feedback', '?view=gate'),
  byUrl('Rejected rows', '?view=rejected'),
  {
    name: 'Annotate, right after a grade',
    async start(app) {
      await app.goTo('Annotate');
      const rows = app.page.getByTestId('annotate.item').getByTestId('annotate.assets').locator('li');
      await expect(rows.first()).toBeVisible({ timeout: 120_000 });
      // Clear follows the key at once: the grade's label is being saved and applied to the dataset.
      await app.page.keyboard.press('2');
    },
  },
];

test('Clear pressed while a screen computes ends on every screen, and logs open again afterwards', async ({ page }) => {
  test.setTimeout(SCREENS.length * 150_000);
  const log = workspaceLog();
  const events = readFileSync(log, 'utf8').split('\n').filter((line) => line.trim() !== '').length;
  const loaded = `Loaded ${events.toLocaleString('en-US')} events from 1 file (0 rejected)`;
  await page.addInitScript(() => window.localStorage.setItem('retrieval-inspector:annotator', 'clear tester'));
  const app = new AppPage(page);
  await app.open('?view=overview');

  for (const screen of SCREENS) {
    await test.step(screen.name, async () => {
      await app.openFiles(log, 'replace');
      await expect(app.status()).toHaveText(loaded);
      await screen.start(app);
      const pressed = Date.now();
      await clearButton(page).click();
      // Labels given on these logs and in no export: Clear asks first (they stay in this browser).
      const confirm = page.getByRole('dialog', { name: 'Clear the loaded logs?' });
      await expect(confirm.or(page.locator('body[data-phase="clearing"]')).or(app.status().getByText('No logs loaded'))).toBeVisible({ timeout: HANG_GUARD_MS });
      if (await confirm.isVisible()) await confirm.getByRole('button', { name: /^Clear the / }).click();
      await expect(app.status()).toHaveText('No logs loaded', { timeout: HANG_GUARD_MS });
      await expect(page.locator('.status-line .notice')).toHaveText(/^The logs were removed from this tab/);
      await app.idle();
      test.info().annotations.push({ type: 'clear', description: `${screen.name}: ${Date.now() - pressed} ms from the press to the empty state` });
      await expect(page.getByRole('main')).toContainText('No logs loaded');
    });
  }
  await page.screenshot({ path: test.info().outputPath('after-last-clear.png') });

  // Logs open after the last Clear, and the label given on Annotate applies to them again.
  await app.openFiles(log);
  await expect(app.status()).toHaveText(loaded);
  await expect(page.getByTestId('status.given-labels')).toHaveText('The label you gave here applies to these logs.', { timeout: 60_000 });
  for (const note of test.info().annotations) console.log(note.description);
  expect(app.outsideRequests).toEqual([]);
});
