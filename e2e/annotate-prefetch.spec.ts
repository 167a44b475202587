import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SAMPLE_LOG_GENERATOR, sampleLogPath } from '../app/ingest/sample-logs-path';
import { AppPage } from './pages/app-page';

/**
 * Issue 24, point 4: an annotator works through the relevance queue of a generated log of 53k
 * events whose labels three annotators gave. While an item is labeled, the next items' context is
 * read ahead (body[data-annotate-ahead] lists them once read); each next item then appears
 * without "Computing the item…", however many labels were given meanwhile (each one changes the
 * dataset version; the queue and the items are keyed by the loaded logs and merge the labels
 * given here).
 */
const GENERATED = path.join(os.tmpdir(), 'ri-annotate-53k.jsonl');
const BIG = path.join(os.tmpdir(), 'ri-annotate-53k.annotators.jsonl');

test('labeling items in a row: each next item is ready at once once read ahead', async ({ page }) => {
  test.setTimeout(300_000);
  if (!existsSync(BIG)) {
    execFileSync(process.execPath, [SAMPLE_LOG_GENERATOR, '--events', '53000', '--out', GENERATED]);
    execFileSync(process.execPath, ['--input-type=module', '-e',
      `import { spreadAnnotators } from ${JSON.stringify(sampleLogPath('gen/several-annotators.mjs'))}; await spreadAnnotators(${JSON.stringify(GENERATED)}, ${JSON.stringify(BIG)});`]);
  }
  // Every time the item panel says it is computing, from the first load on.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __computingSeen: string[] }).__computingSeen = seen;
    new MutationObserver(() => {
      const item = document.querySelector('[data-testid="annotate.item"]');
      if (item?.textContent?.includes('Computing the item')) seen.push((item as HTMLElement).dataset.item ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const computingSeen = () => page.evaluate(() => [...(window as unknown as { __computingSeen: string[] }).__computingSeen]);

  const app = new AppPage(page);
  await app.open('?view=overview');
  await app.openFiles(BIG);
  await expect(app.status()).toContainText(/Loaded 5\d,\d{3} events/);

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Annotate/ }).click();
  await page.getByLabel('Annotator name').fill('e2e prefetch');
  await page.getByLabel('Annotator name').press('Enter');
  const item = page.getByTestId('annotate.item');
  const rows = item.getByTestId('annotate.assets').locator('li');
  await expect(rows.first()).toBeVisible({ timeout: 120_000 });
  // The other annotators' labels count: the queue holds only retrievals nobody graded.
  await expect(page.getByTestId('annotate.progress')).toHaveAttribute('data-done', '0');

  const labeled: string[] = [];
  for (let i = 0; i < 6; i++) {
    const id = (await item.getAttribute('data-item'))!;
    labeled.push(id);
    await page.keyboard.press('2');
    await expect(rows.first()).toHaveAttribute('data-grade', '2');
    await page.keyboard.press('0');
    await expect(rows.nth(1)).toHaveAttribute('data-grade', '0');
    // the items after this one are read (the labels just given are applied meanwhile)
    await expect(page.locator('body')).toHaveAttribute('data-annotate-ahead', /\S/, { timeout: 120_000 });
    const ahead = (await page.locator('body').getAttribute('data-annotate-ahead'))!.split(' ');
    expect(ahead).toHaveLength(3);
    const before = (await computingSeen()).length;
    await page.keyboard.press('Enter');
    await expect(item).toHaveAttribute('data-item', ahead[0]);
    // shown from what was read ahead: its list and controls, and no "Computing the item…" on the way
    // (the timeouts only allow for a busy machine's rendering; the check is that nothing was computed)
    await expect(rows.first()).toBeVisible({ timeout: 5_000 });
    await expect(item.getByRole('region', { name: 'Your label' })).toBeVisible({ timeout: 5_000 });
    expect((await computingSeen()).slice(before)).toEqual([]);
  }
  // Back to the first item: its grades are there (the labels given here merged into the rows read before).
  await page.keyboard.press('k');
  await expect(item).toHaveAttribute('data-item', labeled.at(-1)!);
  await expect(rows.first()).toHaveAttribute('data-grade', '2');
  await expect(rows.nth(1)).toHaveAttribute('data-grade', '0');
  await expect(page.getByTestId('annotate.progress')).toHaveAttribute('data-total', /\d+/);
});
