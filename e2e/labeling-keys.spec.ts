import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './pages/app-page';

const FILES = ['creative-assistant.jsonl', 'creative-labels.csv', 'asset-catalog.jsonl.gz'];

async function openNamed(page: Page, query: string) {
  const app = new AppPage(page);
  await app.open(query);
  await app.loadFiles(...FILES);
  const name = page.getByLabel('Annotator name');
  await expect(name).toBeVisible({ timeout: 60_000 });
  await name.fill('keys annotator');
  await name.press('Enter');
  return app;
}

/**
 * Issue 24, point 5: intents typed in the intent queue and Ctrl+Enter without y / n. The typed
 * intents stay, the item stays, the reason is said, and the focus leaves the field, so that the
 * next key (y) is a shortcut, not text: y gives the label with the intents, Enter moves on.
 */
test('typed intents are kept on Ctrl+Enter without y/n, and the focus leaves the field', async ({ page }) => {
  test.setTimeout(120_000);
  await openNamed(page, '?view=annotate&queue=intent');
  const item = page.getByTestId('annotate.item');
  const intents = page.getByLabel('Intents');
  await expect(intents).toBeVisible({ timeout: 30_000 });
  const first = (await item.getAttribute('data-item'))!;

  await page.keyboard.press('i');
  await expect(intents).toBeFocused();
  await page.keyboard.type('find_image, edit_image');
  await page.keyboard.press('Control+Enter');
  await expect(item).toHaveAttribute('data-item', first);
  await expect(intents).toHaveValue('find_image, edit_image');
  await expect(intents).not.toBeFocused();
  await expect(item.getByRole('alert')).toContainText('Press y or n first');
  await page.screenshot({ path: '/tmp/i24b-intent-kept.png', fullPage: true });

  // Moving away and back keeps the draft of the item too.
  await page.keyboard.press('j');
  await expect(item).not.toHaveAttribute('data-item', first);
  await page.keyboard.press('k');
  await expect(item).toHaveAttribute('data-item', first);
  await expect(intents).toHaveValue('find_image, edit_image');

  await page.keyboard.press('y');
  await expect(page.getByTestId('annotate.labels')).toContainText('yes (find_image, edit_image)');
  await expect(intents).toHaveValue('find_image, edit_image');
  await page.keyboard.press('Enter');
  await expect(item).not.toHaveAttribute('data-item', first);
});

const skippedEntry = (page: Page, id: string) => page.getByRole('list', { name: 'Items in this queue' }).locator(`a[data-item="${id}"]`);

/**
 * Issue 24, point 6, on Annotate: a value key gives at once, z takes it back, Enter on the item
 * now without a label counts it as skipped and goes on; the `?` list is the shared one.
 */
test('Annotate: value key, z undo, Enter without a grade skips', async ({ page }) => {
  test.setTimeout(120_000);
  await openNamed(page, '?view=annotate&queue=relevance');
  const item = page.getByTestId('annotate.item');
  const rows = item.getByTestId('annotate.assets').locator('li');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const first = (await item.getAttribute('data-item'))!;
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('with no label it is skipped');
  await page.screenshot({ path: '/tmp/i24b-annotate-shortcuts.png' });
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  await page.keyboard.press('2');
  await expect(rows.first()).toHaveAttribute('data-grade', '2');
  await page.keyboard.press('z');
  await expect(rows.first()).toHaveAttribute('data-grade', '');
  await page.keyboard.press('u');
  await expect(rows.first()).toHaveAttribute('data-grade', '');
  await page.keyboard.press('Enter');
  await expect(item).not.toHaveAttribute('data-item', first);
  await expect(skippedEntry(page, first)).toHaveAttribute('data-state', 'skipped');
  await expect(page.getByTestId('annotate.progress')).toContainText('1 skipped');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: '/tmp/i24b-annotate.png', fullPage: true });
});

/** The same keys on Review: 1–4 give the verdict at once (4 is unsupported; u is nothing), z takes it back, Enter without one skips. */
test('Review: the same keys — 4 unsupported, z undo, Enter without a verdict skips', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open('?view=review&week=2026-W42');
  await app.loadFiles('customer-service.jsonl', 'asset-catalog.jsonl.gz');
  await page.getByLabel('Annotator name').fill('keys reviewer');
  await page.getByLabel('Annotator name').press('Enter');
  const item = page.getByTestId('review.item');
  await expect(page.getByRole('radiogroup', { name: 'Verdict' })).toBeVisible({ timeout: 30_000 });
  const first = (await item.getAttribute('data-response'))!;
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('with no label it is skipped');
  await expect(help).toContainText('4 unsupported');
  await page.screenshot({ path: '/tmp/i24b-review-shortcuts.png' });
  await page.keyboard.press('Escape');

  const unsupported = page.getByRole('radio', { name: /unsupported/ });
  await page.keyboard.press('u');
  await expect(unsupported).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('4');
  await expect(unsupported).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('review.verdicts')).toContainText('keys reviewer');
  await page.keyboard.press('z');
  await expect(unsupported).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('review.verdicts')).not.toContainText('keys reviewer');
  await page.keyboard.press('Enter');
  await expect(item).not.toHaveAttribute('data-response', first);
  const entry = page.getByRole('navigation', { name: 'Sample of 2026-W42' }).locator(`a[data-response="${first}"]`);
  await expect(entry).toHaveAttribute('data-skipped', 'true');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: '/tmp/i24b-review.png', fullPage: true });
});

/** The same keys on Agreement: a value key decides, z takes it back, Enter without a deciding label skips. */
test('Agreement: the same keys — value decides, z undo, Enter without a decision skips', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open('?view=agreement');
  await app.loadFiles('customer-service.jsonl', 'asset-catalog.jsonl.gz');
  await page.getByLabel('Unresolved only').check();
  await page.keyboard.press('j');
  const item = page.getByTestId('agreement.item');
  await expect(item).toHaveAttribute('data-state', 'unresolved', { timeout: 30_000 });
  const first = (await item.getAttribute('data-item'))!;
  await page.getByLabel('Annotator name').fill('keys adjudicator');
  await page.getByLabel('Annotator name').press('Enter');
  await expect(page.getByRole('group', { name: 'Deciding value' })).toBeVisible();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('decide as adjudicator');
  await expect(help).toContainText('with no label it is skipped');
  await page.screenshot({ path: '/tmp/i24b-agreement-shortcuts.png' });
  await page.keyboard.press('Escape');

  await page.keyboard.press('1');
  await expect(item).toHaveAttribute('data-state', 'resolved');
  await page.keyboard.press('z');
  await expect(item).toHaveAttribute('data-state', 'unresolved');
  await page.keyboard.press('Enter');
  await expect(item).not.toHaveAttribute('data-item', first);
  const entry = page.getByTestId('agreement.disagreements').locator(`a[data-item="${first}"]`);
  await expect(entry).toHaveAttribute('data-skipped', 'true');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: '/tmp/i24b-agreement.png', fullPage: true });
});

/**
 * Issue 24, point 4 (keys): grade keys typed while the items are still loading are not dropped.
 * Typed the moment the queue opens (its first item still being read), `2 Enter 1 Enter 0` grades
 * the first item's first asset 2, the second's 1 and the third's 0: applied in order, each to the
 * item it was meant for, the waiting keys shown meanwhile.
 */
test('keys typed while the item loads are applied in order to the items they were meant for', async ({ page }) => {
  test.setTimeout(120_000);
  await openNamed(page, '?view=annotate&queue=relevance');
  await page.evaluate(() => {
    new MutationObserver(() => {
      const shown = document.querySelector('[data-testid="labeling.pending-keys"]');
      if (shown) (window as unknown as { __waited: string }).__waited = shown.getAttribute('data-keys') ?? '';
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  await expect(page.getByTestId('annotate.progress')).toBeVisible({ timeout: 60_000 });
  for (const key of ['2', 'Enter', '1', 'Enter', '0']) await page.keyboard.press(key);
  // What the annotator sees meanwhile (when the load is still running at this point).
  await page.screenshot({ path: '/tmp/i24b-keys-waiting.png' });

  const item = page.getByTestId('annotate.item');
  const rows = item.getByTestId('annotate.assets').locator('li');
  const list = page.getByRole('list', { name: 'Items in this queue' }).locator('a');
  await expect(list.nth(2)).toHaveAttribute('aria-current', 'true', { timeout: 30_000 });
  await expect(rows.first()).toHaveAttribute('data-grade', '0');
  const waited = await page.evaluate(() => (window as unknown as { __waited?: string }).__waited ?? null);
  test.info().annotations.push({ type: 'keys that waited', description: waited ?? 'none (the item was on screen before the first key)' });
  await page.screenshot({ path: '/tmp/i24b-keys-applied.png', fullPage: true });
  for (const [at, grade] of [[1, '1'], [0, '2']] as const) {
    await page.keyboard.press('k');
    await expect(list.nth(at)).toHaveAttribute('aria-current', 'true');
    await expect(rows.first()).toHaveAttribute('data-grade', grade);
    await expect(rows.nth(1)).toHaveAttribute('data-grade', '');
  }
  expect(waited, 'the first keys waited for the first item').not.toBeNull();
});
