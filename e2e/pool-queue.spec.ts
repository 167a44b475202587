import { expect, test } from '@playwright/test';
import path from 'node:path';
import { AppPage } from './pages/app-page';

/**
 * The pool of a comparison as an Annotate queue, on e2e/fixtures/pool-queue.jsonl (worked by hand
 * in pool-queue.mjs): retriever old against new, nothing settled. "Label the pool" on Compare opens
 * the pool's six items, b3, b1, b2 first (rank 2 in A, 1 in B; equal priorities by query); grading them relevant, one key each,
 * settles P@1 at the third (at the second, B − A still runs from 0); undo takes the third back; Compare says so too.
 */
const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/pool-queue.jsonl');

test('labeling the pool of an unsettled comparison settles P@1 at the third grade', async ({ page }) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  await app.open('?view=compare&a_retriever=old&b_retriever=new');
  await app.openFiles(FIXTURE);
  await expect(page.getByTestId('compare.settled.p_at_1')).toHaveAttribute('data-settled', 'false');
  await expect(page.getByTestId('compare.judged')).toHaveAttribute('data-pool', '6');
  await page.getByRole('table', { name: 'Paired statistics' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/pool-compare.png' });

  await page.getByTestId('compare.label-pool').click();
  await expect(page).toHaveURL(/view=annotate&queue=pool&a_retriever=old&b_retriever=new/);
  await page.getByLabel('Annotator name').fill('pool annotator');
  await page.getByLabel('Annotator name').press('Enter');

  const item = page.getByTestId('annotate.pool.item');
  const remaining = page.getByTestId('annotate.pool.remaining');
  const unsettled = page.getByTestId('annotate.pool.unsettled');
  const p1 = page.getByTestId('annotate.pool.settled.p_at_1');
  await expect(remaining).toHaveAttribute('data-value', '6');
  await expect(unsettled).toHaveAttribute('data-value', '4');
  await expect(p1).toHaveText('not settled');
  await expect(page.getByRole('list', { name: 'Items in the pool' }).getByRole('listitem')).toHaveCount(6);

  // equal priorities go by query: b3, b1, b2
  for (const [n, [asset, query]] of [['b3', 'how to renew a passport'], ['b1', 'opening hours of the museum'], ['b2', 'refund for a late train']].entries()) {
    await expect(item).toHaveAttribute('data-asset', asset);
    await expect(page.getByTestId('annotate.pool.query')).toHaveText(query);
    await expect(page.getByTestId('annotate.pool.ranks')).toHaveAttribute('data-rank-a', '2');
    await expect(page.getByTestId('annotate.pool.ranks')).toHaveAttribute('data-rank-b', '1');
    await expect(page.getByTestId('annotate.pool.text')).toHaveText(`What the new retriever found first for “${query}”.`);
    if (n === 0) await page.screenshot({ path: 'test-results/screens/pool-queue.png' });
    await page.keyboard.press('2');
    // each grade takes its item out of the pool, and the bounds are read again
    await expect(remaining).toHaveAttribute('data-value', String(5 - n));
    if (n < 2) await expect(p1).toHaveAttribute('data-settled', 'false');
  }
  await expect(p1).toHaveAttribute('data-settled', 'true');
  // undo takes back the third grade (both its labels) and shows its item again: not settled; graded again, settled
  await page.keyboard.press('z');
  await expect(item).toHaveAttribute('data-asset', 'b2');
  await expect(remaining).toHaveAttribute('data-value', '4');
  await expect(p1).toHaveAttribute('data-settled', 'false');
  await page.keyboard.press('2');
  await expect(remaining).toHaveAttribute('data-value', '3');
  await expect(p1).toHaveAttribute('data-settled', 'true');
  await expect(p1).toHaveText('settled');
  // P@1 and MRR (B − A = 1/3 and 1/6) and nDCG@10; P@10 waits for the a_i on new's lists
  await expect(unsettled).toHaveAttribute('data-value', '1');
  await expect(page.getByTestId('annotate.pool.settled.p_at_k')).toHaveAttribute('data-settled', 'false');
  // the next open item: a3, ranked 1 in A and 2 in B
  await expect(item).toHaveAttribute('data-asset', 'a3');
  await expect(page.getByTestId('annotate.pool.ranks')).toHaveAttribute('data-rank-a', '1');
  await page.screenshot({ path: 'test-results/screens/pool-queue-settled.png' });

  await page.getByRole('link', { name: 'Back to the comparison' }).click();
  await expect(page.getByTestId('compare.settled.p_at_1')).toHaveAttribute('data-settled', 'true');
  await expect(page.getByTestId('compare.judged')).toHaveAttribute('data-pool', '3');
  expect(app.outsideRequests).toEqual([]);
});
