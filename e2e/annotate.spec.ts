import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './pages/app-page';

const FILES = ['creative-assistant.jsonl', 'creative-labels.csv', 'asset-catalog.jsonl.gz'];

const judged = (page: Page) => page.locator('[data-metric="tier1.judged"]');
const screen = (page: Page, name: string) => page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: new RegExp(`^${name}`) }).click();

/**
 * The relevance queue of unlabeled retrievals, by keyboard only: grade three assets of the first
 * item, submit and next, grade the second and undo it, skip it, grade the third with a note;
 * reload; the same item opens with its grade, the list is the one made before the reload. Two
 * retrievals were newly judged (the second's only grade was taken back): Tier 1's `judged`
 * moves by two.
 */
test('keyboard-only labeling through a relevance queue survives a reload and moves Tier 1 judged', async ({ page }) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await app.open('?view=metrics');
  await app.loadFiles(...FILES);
  await expect(judged(page)).toBeVisible({ timeout: 60_000 });
  const judgedBefore = Number(await judged(page).getAttribute('data-value'));

  await screen(page, 'Annotate');
  await page.getByLabel('Annotator name').fill('e2e annotator');
  await page.getByLabel('Annotator name').press('Enter');
  const item = page.getByTestId('annotate.item');
  const rows = item.getByTestId('annotate.assets').locator('li');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const first = (await item.getAttribute('data-item'))!;
  await expect(page).toHaveURL(new RegExp(`[?&]item=${first}(&|$)`));
  await expect(item.getByRole('link', { name: /^open session / })).toHaveAttribute('href', /view=sessions&session=/);
  await expect(page.getByTestId('annotate.hint')).toContainText('0–3 grade');

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('grade the focused asset');
  await expect(help).toContainText('take back the last label given on this screen');
  await page.screenshot({ path: 'test-results/screens/annotate-shortcuts.png' });
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // Digits grade the focused asset and move the focus down; ↑ moves it back up.
  for (const grade of ['2', '0', '1']) await page.keyboard.press(grade);
  for (const [row, grade] of [[0, '2'], [1, '0'], [2, '1']] as const) await expect(rows.nth(row)).toHaveAttribute('data-grade', grade);
  await expect(rows.nth(3)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('annotate.labels')).toContainText('e2e annotator');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test-results/screens/annotate-relevance.png', fullPage: true });

  // Submit and next; a grade on the second item, undone; skip.
  await page.keyboard.press('Enter');
  await expect(item).not.toHaveAttribute('data-item', first);
  const second = (await item.getAttribute('data-item'))!;
  await expect(rows.first()).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('3');
  await expect(rows.first()).toHaveAttribute('data-grade', '3');
  await page.keyboard.press('z');
  await expect(rows.first()).toHaveAttribute('data-grade', '');
  await expect(rows.first()).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('s');
  await expect(item).not.toHaveAttribute('data-item', second);
  const third = (await item.getAttribute('data-item'))!;

  // A note: digits typed in it are text, not grades; Escape leaves it, and the next grade carries it.
  await page.keyboard.press('.');
  await page.keyboard.type('rank 1 is off-topic');
  await expect(rows.first()).toHaveAttribute('data-grade', '');
  await page.keyboard.press('Escape');
  await page.keyboard.press('0');
  await expect(rows.first()).toHaveAttribute('data-grade', '0');
  await expect(page.getByTestId('annotate.labels')).toContainText('rank 1 is off-topic');

  // A reload in the middle lands on the same item, with its grade and the same list.
  const progress = page.getByTestId('annotate.progress');
  const total = (await progress.getAttribute('data-total'))!;
  await page.reload();
  await app.idle();
  await expect(item).toHaveAttribute('data-item', third, { timeout: 30_000 });
  await expect(rows.first()).toHaveAttribute('data-grade', '0');
  const list = page.getByRole('list', { name: 'Items in this queue' }).locator('a');
  await expect(list.nth(0)).toHaveAttribute('data-item', first);
  await expect(list.nth(1)).toHaveAttribute('data-item', second);
  await expect(list.nth(2)).toHaveAttribute('aria-current', 'true');
  await expect(progress).toHaveAttribute('data-total', total);
  // Four labels on four items (assets under two retrievals): the grade taken back is not counted.
  await expect(page.getByRole('table', { name: 'Labels per annotator' }).getByRole('row', { name: /e2e annotator/ }))
    .toHaveText(/e2e annotator \(you\)\s*4\s*4/);
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(item).toHaveAttribute('data-item', first);
  for (const [row, grade] of [[0, '2'], [1, '0'], [2, '1'], [3, '']] as const) await expect(rows.nth(row)).toHaveAttribute('data-grade', grade);

  await screen(page, 'Metrics');
  await expect(judged(page)).toHaveAttribute('data-value', String(judgedBefore + 2), { timeout: 60_000 });
  expect(app.outsideRequests).toEqual([]);
});
