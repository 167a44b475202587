import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { SLICE_PREEMPTED_MARK, SLICE_STARTED_MARK } from '../app/session/keeping-marks';
import { generatedLog } from './generated-log';
import { AppPage } from './pages/app-page';
import { recordCount } from './sample-files';

// Keeping is in the background after a load: the screens answer while it writes, and a reload in
// the middle of it reopens the dataset kept before (or the new one, whole), never a part of it.
const count = (n: number) => n.toLocaleString('en-US');
const CREATIVE = 'creative-assistant.jsonl';
const BIG_EVENTS = 150_000;
// A reopened dataset's first Overview runs its queries on a cold engine: at 150,000 events that is
// 0.8–2.5 s here when quiet and more on CI's two busy cores. These tests check what it shows; the
// bench times it.
const FIRST_SCREEN_AFTER_RELOAD = { timeout: 30_000 };

let bigFile = '';
let bigFileEvents = 0;
test.beforeAll(() => {
  bigFile = generatedLog(BIG_EVENTS, 'big-events.jsonl');
  bigFileEvents = readFileSync(bigFile, 'utf8').split('\n').filter((line) => line.trim() !== '').length;
});

/** The share being kept, as the page marks it on <body> (null when nothing is being kept). */
const keepingShare = (page: Page) => page.locator('body').getAttribute('data-keeping');

/** The app's own files in the origin's private storage, by name. */
const keptFiles = (page: Page) =>
  page.evaluate(async () => {
    const names: string[] = [];
    const root = await navigator.storage.getDirectory();
    for await (const name of root.keys()) if (name.startsWith('retrieval-inspector')) names.push(name);
    return names.sort();
  });

/** Loads the big file and waits until the load ends: the dataset is browsable, and being kept. */
async function loadBigFile(app: AppPage, page: Page, answer: 'add' | 'replace' | null) {
  await page.getByLabel('Open log files').setInputFiles(bigFile);
  if (answer) await app.answerOpen(answer);
  await expect(page.locator('body')).toHaveAttribute('data-phase', 'loading');
  await expect(page.locator('body')).toHaveAttribute('data-phase', 'ready', { timeout: 240_000 });
}

/** Waits for keeping to be part-way (more than 0 %, less than 100 %), then reloads the page. */
async function reloadMidWrite(page: Page): Promise<number> {
  let share = 0;
  await expect.poll(async () => (share = Number(await keepingShare(page) ?? -1)), { timeout: 60_000, intervals: [10] }).toBeGreaterThan(0);
  expect(share).toBeLessThan(100);
  await page.reload();
  return share;
}

test.setTimeout(600_000);

test('screens answer while the dataset is kept; a reload mid-write reopens the previous kept dataset, whole', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles(CREATIVE);
  const before = recordCount(CREATIVE);
  await expect(app.status()).toHaveText(`Loaded ${count(before)} events from 1 file (0 rejected)`);
  const keptBefore = await keptFiles(page);

  await loadBigFile(app, page, 'add');
  const total = before + bigFileEvents;
  // Browsable at once: the status line counts every event, and says the keeping goes on.
  await expect(app.status()).toHaveText(`Loaded ${count(total)} events from 2 files (0 rejected)`);
  await expect(page.getByTestId('status.keeping')).toContainText(/keeping in this browser… \d+%/);
  // A screen answers while keeping: the Overview's table of files, with the big file's events.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Overview/ }).click();
  const files = page.getByRole('table', { name: 'Loaded files' });
  await expect(files.getByRole('row').filter({ hasText: 'big-events.jsonl' }).getByRole('cell').nth(2)).toHaveText(count(bigFileEvents));
  expect(await keepingShare(page), 'the screen answered before keeping ended').not.toBeNull();
  // The status line's figure advances.
  const first = Number(await keepingShare(page));
  await expect.poll(async () => Number(await keepingShare(page) ?? 100), { timeout: 60_000, intervals: [10] }).toBeGreaterThan(first);

  const share = await reloadMidWrite(page);
  test.info().annotations.push({ type: 'reloaded at', description: `${share} % kept` });
  await app.idle();
  // The previous kept dataset, whole; the half-written file is gone.
  await expect(app.status()).toHaveText(new RegExp(`^Restored ${count(before)} events from 1 file \\(0 rejected\\) kept in this browser`));
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Overview/ }).click();
  await expect(files.getByRole('row').filter({ hasText: CREATIVE }).getByRole('cell').nth(2)).toHaveText(count(before), FIRST_SCREEN_AFTER_RELOAD);
  await expect(files.getByRole('row').filter({ hasText: 'big-events.jsonl' })).toHaveCount(0);
  expect(await keptFiles(page)).toEqual(keptBefore);
});

test('a dataset kept to the end is what the next page reopens', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('?view=sessions');
  await loadBigFile(app, page, null);
  await expect(page.getByTestId('status.keeping')).toBeVisible();
  // Screens asked for while slices are written: a slice running then is ended and written again
  // later, so the screen waits for none, and the counts after the reload below stay exact.
  const marks = (mark: string) => page.evaluate((name) => performance.getEntriesByName(name).length, mark);
  const preempted = () => marks(SLICE_PREEMPTED_MARK);
  const search = page.getByLabel('Filter sessions');
  let searches = 0;
  // Each search a new one (a query no cache answers), sent with Enter as soon as a slice has
  // started, until one is preempted or keeping ends: the test follows the machine's speed. A
  // slice that ends before the search reaches it is not preempted, so a keeping may end with none.
  const searchWhileSlicesRun = async () => {
    while ((await preempted()) === 0 && (await keepingShare(page)) !== null) {
      const started = await marks(SLICE_STARTED_MARK);
      await expect.poll(async () => (await marks(SLICE_STARTED_MARK)) > started || (await keepingShare(page)) === null,
        { timeout: 60_000, intervals: [5] }).toBe(true);
      await search.fill(`s${++searches}`);
      await search.press('Enter');
      await page.waitForTimeout(100);
    }
    return (await preempted()) > 0;
  };
  // the 150,000-event file keeps in ~16 slices: when none was reached, the same file loaded again (replacing it) keeps again
  let attempt = 1;
  for (; !(await searchWhileSlicesRun()) && attempt < 4; attempt++) {
    await expect(page.locator('body')).not.toHaveAttribute('data-keeping', /.*/, { timeout: 120_000 });
    await loadBigFile(app, page, 'replace');
  }
  expect(await preempted()).toBeGreaterThan(0);
  test.info().annotations.push({ type: 'slices preempted', description: `${await preempted()} after ${searches} searches, keeping ${attempt}` });
  await expect(page.locator('body')).not.toHaveAttribute('data-keeping', /.*/, { timeout: 120_000 });
  await expect(page.getByTestId('status.keeping')).toHaveCount(0);
  const kept = await keptFiles(page);
  // One database file, named by the manifest.
  expect(kept.filter((name) => name.endsWith('.db'))).toHaveLength(1);
  expect(kept).toContain('retrieval-inspector.kept.json');

  await page.reload();
  await app.idle();
  await expect(app.status()).toHaveText(new RegExp(`^Restored ${count(bigFileEvents)} events from 1 file \\(0 rejected\\) kept in this browser`));
  // A restored dataset answers a screen's query from the kept file itself.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Overview/ }).click();
  const files = page.getByRole('table', { name: 'Loaded files' });
  await expect(files.getByRole('row').filter({ hasText: 'big-events.jsonl' }).getByRole('cell').nth(2)).toHaveText(count(bigFileEvents), FIRST_SCREEN_AFTER_RELOAD);
});
