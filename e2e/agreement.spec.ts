import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { AppPage, samplePath } from './pages/app-page';

const SAMPLE = 'customer-service.jsonl';
const CATALOG = 'asset-catalog.jsonl.gz';
const SHOTS = '.scratch/agreement';

/**
 * Relevance agreement worked out here from the sample file, independently of the app
 * (docs/metrics.md, "Annotation agreement"): the labels that name an annotator and are not
 * adjudicated, each annotator's latest per item (by ts, labels without ts first, then file
 * order); an item is (retrieval_id, asset_id), or (query, asset_id) for a label by query.
 */
function relevanceAgreement() {
  const lines = readFileSync(samplePath(SAMPLE), 'utf8').split('\n').filter((line) => line.trim());
  const labels = lines.map((line, index) => ({ ...JSON.parse(line), index }))
    .filter((event) => event.type === 'label' && event.kind === 'relevance');
  const time = (label: { ts?: string | number }) => (label.ts === undefined ? -Infinity : new Date(label.ts).getTime());
  const ordered = [...labels].sort((a, b) => time(a) - time(b) || a.index - b.index);
  const itemOf = (label: { retrieval_id?: string; query?: string; asset_id: string }) =>
    label.retrieval_id !== undefined ? `retrieval ${label.retrieval_id} ${label.asset_id}` : `query ${label.query} ${label.asset_id}`;
  const votes = new Map<string, Map<string, number>>();
  const adjudicated = new Set<string>();
  for (const label of ordered) {
    if (label.adjudicated) adjudicated.add(itemOf(label));
    if (!label.annotator || label.adjudicated) continue;
    const item = votes.get(itemOf(label)) ?? new Map<string, number>();
    item.set(label.annotator, label.grade);
    votes.set(itemOf(label), item);
  }
  const annotators = [...new Set([...votes.values()].flatMap((item) => [...item.keys()]))].sort();
  expect(annotators).toHaveLength(2);
  const [a, b] = annotators;
  const shared = [...votes.values()].filter((item) => item.size === 2).map((item) => [item.get(a)!, item.get(b)!]);
  const n = shared.length;
  const pO = shared.filter(([x, y]) => x === y).length / n;
  const share = (who: 0 | 1, grade: number) => shared.filter((pair) => pair[who] === grade).length / n;
  const pE = [0, 1, 2, 3].reduce((sum, grade) => sum + share(0, grade) * share(1, grade), 0);
  const disagreeing = [...votes].filter(([, item]) => new Set(item.values()).size > 1).map(([key]) => key);
  return {
    pair: `${a}|${b}`, shared: n, kappa: (pO - pE) / (1 - pE),
    disagreements: disagreeing.length, unresolved: disagreeing.filter((key) => !adjudicated.has(key)).length,
  };
}

test('relevance κ as worked out from the file; a disagreement adjudicated by keyboard is resolved, and undone', async ({ page }) => {
  test.setTimeout(180_000);
  const expected = relevanceAgreement();
  expect(expected.unresolved).toBeGreaterThan(0);
  const app = new AppPage(page);
  await app.open('?view=agreement');
  await app.loadFiles(SAMPLE, CATALOG);

  const metric = (path: string) => page.locator(`[data-metric="agreement.relevance.${path}"]`);
  const kappa = metric(`pairs.${expected.pair}.kappa`);
  await expect(kappa).toHaveText(expected.kappa.toFixed(2));
  expect(Number(await kappa.getAttribute('data-value'))).toBeCloseTo(expected.kappa, 12);
  await expect(page.locator(`tr[data-pair="${expected.pair}"] td`).nth(1)).toHaveText(String(expected.shared));
  await expect(metric('multi')).toHaveAttribute('data-value', String(expected.shared));
  await expect(metric('disagreements')).toHaveAttribute('data-value', String(expected.disagreements));
  await expect(metric('unresolved')).toHaveAttribute('data-value', String(expected.unresolved));
  await expect(page.getByTestId('agreement.confusion')).toContainText(`of ${expected.shared} shared items`);

  // Unresolved only, then j opens the first one: its query, the asset from the catalog, both votes.
  await page.getByLabel('Unresolved only').check();
  await page.keyboard.press('j');
  const item = page.getByTestId('agreement.item');
  await expect(item).toHaveAttribute('data-state', 'unresolved');
  const key = (await item.getAttribute('data-item'))!;
  await expect(item.getByTestId('agreement.asset').locator('strong')).not.toHaveClass(/mono/);
  await expect(item.getByTestId('agreement.labels').locator('li')).toHaveCount(2);
  await expect(item.getByRole('link', { name: /^Open session / })).toHaveAttribute('href', /view=sessions/);

  await page.getByLabel('Annotator name').fill('e2e adjudicator');
  await page.getByLabel('Annotator name').press('Enter');
  await expect(page.getByRole('group', { name: 'Deciding value' })).toBeVisible();
  await page.keyboard.press('1');

  await expect(metric('unresolved')).toHaveAttribute('data-value', String(expected.unresolved - 1));
  await expect(item).toHaveAttribute('data-state', 'resolved');
  await expect(item.getByTestId('agreement.status')).toContainText('adjudicated by e2e adjudicator');
  // It stays in the unresolved-only list, marked resolved, where it was.
  const entry = page.getByTestId('agreement.disagreements').locator(`a[data-item="${key}"]`);
  await expect(entry).toHaveAttribute('data-state', 'resolved');
  await expect(page.getByTestId('agreement.unresolved-count')).toHaveText(String(expected.unresolved - 1));
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}/agreement-relevance.png`, fullPage: true });
  // z takes the deciding label back (the undo key of every labeling screen).
  await page.keyboard.press('z');
  await expect(metric('unresolved')).toHaveAttribute('data-value', String(expected.unresolved));
  await expect(item).toHaveAttribute('data-state', 'unresolved');

  await page.getByRole('navigation', { name: 'Label kind' }).getByRole('link', { name: /^Answer review/ }).click();
  await expect(page.getByTestId('agreement.no-pairs')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/agreement-answer-review.png`, fullPage: true });
  await page.getByRole('navigation', { name: 'Label kind' }).getByRole('link', { name: /^Role/ }).click();
  await expect(page.getByTestId('agreement.empty')).toContainText('No annotated role labels');
  expect(app.outsideRequests).toEqual([]);
});
