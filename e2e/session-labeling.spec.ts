import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app-page';

/**
 * Labeling in the session inspector, on ca-0001 of the creative sample. r-000001 returned
 * tpl-0369, tpl-0106, … (10 assets) and has no label; the labels file has none on it either.
 * Worked by hand (docs/metrics.md, Tier 1, K = 10, gains = grades):
 * - grade tpl-0369 (rank 1) 2 → judged; P@1 = 1; DCG = 2/log2(2) = 2 = IDCG → nDCG@10 1.00;
 * - mark tpl-0358 (not returned) 3 → IDCG = 3/log2(2) + 2/log2(3) = 4.2619; nDCG = 2/4.2619 = 0.47;
 *   P@1 stays 1;
 * - role browse → the resolved role, first of the retrieval's facts, is browse (logged: find).
 * ann-jonas graded tpl-0358 of r-000004 1 in the labels file: a 3 from us is a disagreement.
 */
test('grade, mark a missed asset and set a role in the inspector; its numbers follow', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open();
  await app.loadFiles('creative-assistant.jsonl', 'creative-labels.csv', 'asset-catalog.jsonl.gz');
  await app.goTo('Sessions');
  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill('ca-0001');
  await page.getByRole('table', { name: 'Sessions table' }).getByRole('row').filter({ has: page.getByRole('cell', { name: 'ca-0001', exact: true }) }).click();

  const session = page.getByRole('region', { name: 'Session ca-0001', exact: true });
  const retrieval = session.locator('.event-retrieval').filter({ has: page.getByRole('list', { name: 'Results of r-000001' }) });
  const facts = retrieval.getByTestId('retrieval.facts');
  await expect(facts).toHaveText('find · hybrid-v3 · 624 ms · not judged');
  const gradeRow = retrieval.getByRole('group', { name: 'Grade tpl-0369' });
  await expect(gradeRow.getByRole('button', { name: '2' })).toBeDisabled();

  // the timeline never empties while labels recompute its numbers
  await page.evaluate(() => {
    const turns = document.querySelector('.timeline-pane');
    new MutationObserver(() => {
      if (!document.querySelector('.timeline-pane .event-retrieval')) (window as unknown as { __emptied: boolean }).__emptied = true;
    }).observe(turns!, { childList: true, subtree: true });
  });

  await session.getByRole('button', { name: 'Name yourself to label' }).click();
  await page.getByLabel('Annotator name').fill('li');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(session.getByTestId('labels.bar')).toContainText('Labeling as li');

  await gradeRow.getByRole('button', { name: '2' }).click();
  await expect(gradeRow.getByRole('button', { name: '2' })).toHaveAttribute('aria-pressed', 'true');
  await expect(facts).toHaveText('find · hybrid-v3 · 624 ms · judged: P@1 1 · nDCG@10 1.00');
  const votes = retrieval.getByLabel('Labels of tpl-0369');
  await expect(votes).toContainText('li: 2');
  await expect(votes.locator('time')).toHaveText(/^\d\d-\d\d \d\d:\d\d$/);
  await expect(votes).toHaveAttribute('title', /^li: 2 · \d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ · given here$/);

  await retrieval.getByRole('button', { name: '+ Mark a missed relevant asset' }).click();
  await retrieval.getByRole('searchbox', { name: 'Search the catalog by id or title' }).fill('gradient mesh');
  const matches = retrieval.getByRole('list', { name: 'Catalog matches' });
  await expect(matches.getByRole('button', { name: /tpl-0058/ })).toBeDisabled();
  await matches.getByRole('button', { name: /tpl-0358/ }).click();
  await retrieval.getByRole('group', { name: 'Grade tpl-0358' }).getByRole('button', { name: '3' }).click();
  const missed = retrieval.getByRole('region', { name: 'Labeled relevant, not returned by r-000001' });
  await expect(missed).toContainText('tpl-0358 — Gradient Mesh Product Launch Announcement — grade 3');
  await expect(missed.getByLabel('Labels of tpl-0358')).toContainText('li: 3');
  await expect(facts).toHaveText('find · hybrid-v3 · 624 ms · judged: P@1 1 · nDCG@10 0.47');

  await retrieval.getByRole('combobox', { name: 'Role of r-000001' }).selectOption('browse');
  await expect(facts).toHaveText('browse · hybrid-v3 · 624 ms · judged: P@1 1 · nDCG@10 0.47');
  await expect(retrieval.locator('.resolved-role')).toHaveText('browse');
  await expect(retrieval.locator('.role-label')).toContainText('logged find');

  // a grade that differs from the labels file's shows both votes and a disagreement
  // (lower in the timeline: the row stays where it was while the numbers recompute)
  const other = session.locator('.event-retrieval').filter({ has: page.getByRole('list', { name: 'Results of r-000004' }) });
  const otherGrades = other.getByRole('group', { name: 'Grade tpl-0358' });
  await otherGrades.scrollIntoViewIfNeeded();
  const before = (await otherGrades.boundingBox())!.y;
  await otherGrades.getByRole('button', { name: '3' }).click();
  const otherVotes = other.getByLabel('Labels of tpl-0358');
  await expect(otherVotes).toContainText('ann-jonas: 1');
  await expect(otherVotes).toContainText('li: 3');
  await expect(otherVotes.getByText('disagree', { exact: true })).toBeVisible();
  await expect(other.locator('.ranked-grade').filter({ hasText: 'g3' }).first()).toBeVisible();
  expect(Math.abs((await otherGrades.boundingBox())!.y - before)).toBeLessThan(2);

  expect(await page.evaluate(() => (window as unknown as { __emptied?: boolean }).__emptied)).toBeUndefined();
  await retrieval.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/session-labeling.png' });
  await other.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/session-labeling-disagreement.png' });

  // The undo key of every labeling screen (issue 24, point 6): z takes back the last label given here.
  await page.keyboard.press('z');
  await expect(otherVotes).not.toContainText('li: 3');
  await expect(otherVotes).toContainText('ann-jonas: 1');
  await expect(gradeRow.getByRole('button', { name: '2' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('take back the last label given in this session view');
  await page.screenshot({ path: '/tmp/i24b-session-shortcuts.png' });
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(session).toBeVisible();
});
