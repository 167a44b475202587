import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { AppPage } from './pages/app-page';

const ANNOTATOR = 'stress';
const WEEK = '2026-W42';

const item = (page: Page) => page.getByTestId('annotate.item');
const rows = (page: Page) => item(page).getByTestId('annotate.assets').locator('li');
/** The queue's count of labels and labeled items for the annotator. */
const labelCounts = (page: Page) => page.getByRole('table', { name: 'Labels per annotator' }).getByRole('row', { name: new RegExp(ANNOTATOR) });
const counted = (labels: number, items: number) => new RegExp(`${ANNOTATOR} \\(you\\)\\s*${labels}\\s*${items}`);

async function openQueue(app: AppPage, query = '') {
  await app.open(`?view=annotate${query}`);
  await expect(rows(app.page).first()).toBeVisible({ timeout: 60_000 });
  return (await item(app.page).getAttribute('data-item'))!;
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript((name) => window.localStorage.setItem('retrieval-inspector:annotator', name), ANNOTATOR);
});

test('a reload mid-queue keeps the labels, the verdicts and the place in both queues', async ({ page }) => {
  test.setTimeout(240_000);
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles('creative-assistant.jsonl', 'customer-service.jsonl');
  const first = await openQueue(app);
  await page.keyboard.press('2');
  await expect(rows(page).first()).toHaveAttribute('data-grade', '2');
  await page.keyboard.press('Enter');
  await expect(item(page)).not.toHaveAttribute('data-item', first);
  const second = (await item(page).getAttribute('data-item'))!;
  // A grade key means something once the item's results are on screen.
  await expect(rows(page).first()).toBeVisible();
  await page.keyboard.press('1');
  await expect(rows(page).first()).toHaveAttribute('data-grade', '1');
  await page.reload();
  await app.idle();
  await expect(item(page)).toHaveAttribute('data-item', second, { timeout: 30_000 });
  await expect(rows(page).first()).toHaveAttribute('data-grade', '1');
  await expect(labelCounts(page)).toHaveText(counted(2, 2));
  await page.keyboard.press('k');
  await expect(item(page)).toHaveAttribute('data-item', first);
  await expect(rows(page).first()).toHaveAttribute('data-grade', '2', { timeout: 30_000 });

  // The review queue: a verdict, then a reload lands on the answer the queue moved to.
  await app.open(`?view=review&week=${WEEK}`);
  const answer = page.getByTestId('review.item');
  const reviewed = (await answer.getAttribute('data-response'))!;
  const weekProgress = page.getByTestId(`review.progress.${WEEK}`);
  const [done] = (await weekProgress.textContent())!.split(' / ').map(Number);
  await page.keyboard.press('2');
  await page.keyboard.press('Control+Enter');
  await expect(answer).not.toHaveAttribute('data-response', reviewed);
  const next = (await answer.getAttribute('data-response'))!;
  await page.reload();
  await app.idle();
  await expect(answer).toHaveAttribute('data-response', next, { timeout: 30_000 });
  await expect(weekProgress).toHaveText(new RegExp(`^${done + 1} / `));
  const entry = page.getByRole('navigation', { name: `Sample of ${WEEK}` }).locator(`a[data-response="${reviewed}"]`);
  await expect(entry.locator('.verdict-badge')).toHaveText('wrong');
});

test('a tab closed right after a keypress keeps the label and the verdict', async ({ page, context }) => {
  test.setTimeout(240_000);
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles('creative-assistant.jsonl', 'customer-service.jsonl');
  const first = await openQueue(app);
  await page.keyboard.press('3');
  await page.close();

  const again = await context.newPage();
  const reopened = new AppPage(again);
  await openQueue(reopened, `&item=${first}`);
  await expect(rows(again).first()).toHaveAttribute('data-grade', '3', { timeout: 30_000 });

  await reopened.open(`?view=review&week=${WEEK}`);
  const reviewed = (await again.getByTestId('review.item').getAttribute('data-response'))!;
  await again.keyboard.press('1');
  await again.keyboard.press('Control+Enter');
  await again.close();
  const third = await context.newPage();
  await new AppPage(third).open(`?view=review&week=${WEEK}&item=${reviewed}`);
  await expect(third.getByTestId('review.verdicts')).toContainText(ANNOTATOR, { timeout: 30_000 });
  await expect(third.getByTestId('review.verdicts')).toContainText('correct');
});

test('two tabs labeling one queue at once keep both sets of labels and agree on the counts', async ({ page, context }) => {
  test.setTimeout(240_000);
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles('creative-assistant.jsonl');
  const first = await openQueue(app);
  const list = page.getByRole('list', { name: 'Items in this queue' }).locator('a');
  const second = (await list.nth(1).getAttribute('data-item'))!;
  const other = await context.newPage();
  await openQueue(new AppPage(other), `&item=${second}`);

  // Both tabs label at the same time, each its own item, each several assets.
  await Promise.all([
    (async () => { for (const key of ['2', '1']) await page.keyboard.press(key); })(),
    (async () => { for (const key of ['0', '3', '1']) await other.keyboard.press(key); })(),
  ]);
  for (const tab of [page, other]) {
    // five labels given, on five items (assets) of two retrievals
    await expect(labelCounts(tab)).toHaveText(counted(5, 5), { timeout: 30_000 });
  }
  // Each tab shows the other's grades on its item without a reload.
  await other.keyboard.press('k');
  await expect(item(other)).toHaveAttribute('data-item', first);
  for (const [row, grade] of [[0, '2'], [1, '1']] as const) await expect(rows(other).nth(row)).toHaveAttribute('data-grade', grade, { timeout: 30_000 });
  await page.keyboard.press('j');
  await expect(item(page)).toHaveAttribute('data-item', second);
  for (const [row, grade] of [[0, '0'], [1, '3'], [2, '1']] as const) await expect(rows(page).nth(row)).toHaveAttribute('data-grade', grade, { timeout: 30_000 });
});

test('two tabs grading the same asset: the later grade counts in both, and the tab whose grade it replaced says so', async ({ page, context }, testInfo) => {
  test.setTimeout(240_000);
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles('creative-assistant.jsonl');
  const first = await openQueue(app);
  const other = await context.newPage();
  await openQueue(new AppPage(other), `&item=${first}`);
  const asset = (await rows(page).first().getAttribute('data-asset'))!;
  const grade = (tab: Page, value: string) => rows(tab).first().getByRole('group', { name: `Grade ${asset}` }).getByRole('button', { name: value, exact: true }).click();

  await grade(page, '2');
  await expect(rows(other).first()).toHaveAttribute('data-grade', '2', { timeout: 30_000 });
  await grade(other, '0');
  // The later label is the annotator's vote everywhere; one item, two labels given.
  for (const tab of [page, other]) {
    await expect(rows(tab).first()).toHaveAttribute('data-grade', '0', { timeout: 30_000 });
    await expect(labelCounts(tab)).toHaveText(counted(2, 1), { timeout: 30_000 });
  }
  const notice = page.getByTestId('labels.replaced');
  await expect(notice).toContainText(`Your grade 2 of ${asset} in`);
  await expect(notice).toContainText(`was replaced by grade 0, given later in another tab: ${ANNOTATOR}'s latest label counts.`);
  await page.screenshot({ path: testInfo.outputPath('replaced-elsewhere.png') });
  // The tab that gave the winning label has nothing to be told.
  await expect(other.getByTestId('labels.replaced')).toHaveCount(0);
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toHaveCount(0);
});

test('a full storage quota: the user is told, saved labels stay, the new label is kept, retried and offered for download', async ({ page, context }, testInfo) => {
  test.setTimeout(240_000);
  // The browser refuses every write while the test says the quota is reached.
  await context.addInitScript(() => {
    const flags = window as unknown as { quotaFull: boolean };
    flags.quotaFull = false;
    const full = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (flags.quotaFull) throw full();
      return put.apply(this, args);
    };
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (flags.quotaFull) throw full();
      setItem.call(this, key, value);
    };
  });
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles('creative-assistant.jsonl');
  const first = await openQueue(app);
  await page.keyboard.press('2');
  await expect(rows(page).first()).toHaveAttribute('data-grade', '2');
  await expect(labelCounts(page)).toHaveText(counted(1, 1));

  await page.evaluate(() => ((window as unknown as { quotaFull: boolean }).quotaFull = true));
  await page.keyboard.press('0');
  const alert = page.getByTestId('labels.unsaved');
  await expect(alert).toContainText('1 label not saved yet.');
  await expect(alert).toContainText("This browser's storage for this page is full");
  await expect(alert).toContainText('The labels saved before are safe.');
  // The label counts on screen meanwhile.
  await expect(rows(page).nth(1)).toHaveAttribute('data-grade', '0');
  await page.screenshot({ path: testInfo.outputPath('quota-full.png') });

  const [file] = await Promise.all([page.waitForEvent('download'), alert.getByRole('button', { name: 'Download the labels given here ↓' }).click()]);
  const saved = testInfo.outputPath('labels.jsonl');
  await file.saveAs(saved);
  const labels = readFileSync(saved, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(labels).toEqual([
    expect.objectContaining({ type: 'label', kind: 'relevance', annotator: ANNOTATOR, retrieval_id: first, grade: 2 }),
    expect.objectContaining({ type: 'label', kind: 'relevance', annotator: ANNOTATOR, retrieval_id: first, grade: 0 }),
  ]);

  // The session inspector, where labels are given too, says the same (moving there in the app, not by a reload).
  await app.goTo('Sessions');
  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill('ca-0001');
  await page.getByRole('table', { name: 'Sessions table' }).getByRole('row').filter({ has: page.getByRole('cell', { name: 'ca-0001', exact: true }) }).click();
  const barAlert = page.getByTestId('labels.bar').getByTestId('labels.unsaved');
  await expect(barAlert).toContainText('1 label not saved yet.');
  await page.screenshot({ path: testInfo.outputPath('quota-full-session.png') });

  // Still full: a retry fails and says so again; once there is room, the retry saves the label.
  await barAlert.getByRole('button', { name: 'Try saving again' }).click();
  await expect(barAlert).toContainText('1 label not saved yet.');
  await page.evaluate(() => ((window as unknown as { quotaFull: boolean }).quotaFull = false));
  await barAlert.getByRole('button', { name: 'Try saving again' }).click();
  await expect(barAlert).toHaveCount(0);
  await app.open(`?view=annotate&item=${first}`);
  await expect(item(page)).toHaveAttribute('data-item', first, { timeout: 30_000 });
  for (const [row, grade] of [[0, '2'], [1, '0']] as const) await expect(rows(page).nth(row)).toHaveAttribute('data-grade', grade, { timeout: 30_000 });
});
