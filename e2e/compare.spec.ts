import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppPage } from './pages/app-page';

/**
 * Two retrievers over the same five queries, worked by hand (K = 10):
 * - dense (run old, Oct 1) returns [irrelevant, relevant] for q1–q5: P@1 0, nDCG 1/log2(3);
 *   and q6, which only dense ran: relevant first, P@1 1. Its q1 got a thumbs down (ORF).
 * - hybrid (run new, Oct 8) returns [relevant, irrelevant] for q1–q5: P@1 1, nDCG 1; and q7,
 *   empty and unjudged.
 * Tier 1: A P@1 = 1/6 over 6 judged, B 5/5 = 1 → B − A = 5/6. Empty results A 0/6, B 1/6 (worse).
 * ORF: A 1/6, B 0/6 (better). Paired: q1–q5, q6 only in A; every P@1 delta +1, so the exact
 * randomization test gives p = 2/32 = 0.0625: no significant difference at 0.05.
 * Dense's q1 also returns u1 at rank 3, never labeled: judged@10 A = (2/3 + 5)/6 = 17/18, B 1 (h7
 * returned nothing). Only P@10 and nDCG@10 of d1 move with u1 relevant: A's P@10 in [0.1, 0.7/6],
 * B's exactly 0.1, so B − A lies in [−0.1/6, 0]: not settled; P@1, nDCG and MRR are settled
 * (B's low bound is above A's high one). The pool is (q1, u1) alone.
 * Hybrid's h1–h5 logged the stages of its fusion: bm25 [xi, reli], vector [xi, wi]. What if RRF
 * with k = 20? xi = 1/21 + 1/21, reli = wi = 1/22 (reli sorts first) → [xi, reli, wi]: P@1 1 → 0
 * and nDCG@10 1 → (2/log2 3)/2 = 0.6309 in all five, a loss in each; the pool is w1–w5.
 */
function fixture(): string {
  const events: object[] = [];
  const day = (date: number, minutes: number) => new Date(Date.UTC(2026, 9, date, 10, minutes)).toISOString();
  const retrieval = (id: string, query: string, retriever: string, run: string, ts: string, returned: string[]) =>
    events.push({ type: 'retrieval', ts, session_id: `s-${id}`, retrieval_id: id, query, retriever, run_id: run, surface: 'web', role: 'find', returned_asset_ids: returned });
  const label = (retrievalId: string, assetId: string, grade: number) => events.push({ type: 'label', kind: 'relevance', retrieval_id: retrievalId, asset_id: assetId, grade, annotator: 'ann' });
  for (let i = 1; i <= 5; i++) {
    retrieval(`d${i}`, `q${i}`, 'dense', 'old', day(1, i), i === 1 ? ['x1', 'rel1', 'u1'] : [`x${i}`, `rel${i}`]);
    retrieval(`h${i}`, `q${i}`, 'hybrid', 'new', day(8, i), [`rel${i}`, `x${i}`]);
    (events.at(-1) as { stages?: object[] }).stages = [
      { name: 'bm25', kind: 'retriever', asset_ids: [`x${i}`, `rel${i}`] }, { name: 'vector', kind: 'retriever', asset_ids: [`x${i}`, `w${i}`] },
    ];
    for (const id of [`d${i}`, `h${i}`]) {
      label(id, `rel${i}`, 2);
      label(id, `x${i}`, 0);
    }
  }
  retrieval('d6', 'q6', 'dense', 'old', day(1, 6), ['rel6']);
  label('d6', 'rel6', 1);
  retrieval('h7', 'q7', 'hybrid', 'new', day(8, 7), []);
  events.push({ type: 'feedback', ts: day(1, 30), session_id: 's-d1', rating: 'down', retrieval_id: 'd1' });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'compare-')), 'two-retrievers.jsonl');
  writeFileSync(file, events.map((event) => JSON.stringify(event)).join('\n'));
  return file;
}

const BIN = path.resolve(import.meta.dirname, '../bin/retrieval-inspector.mjs');
let fixturePath = '';

/** The command line's `compare` for the same file and slices: the same code, outside the browser. */
function cliCompare(...slices: string[]): unknown {
  const out = execFileSync(process.execPath, [BIN, 'report', '--json', ...slices, fixturePath], { encoding: 'utf8' });
  return JSON.parse(out).compare;
}

const figure = (page: Page, name: string, side: 'a' | 'b' | 'delta') => page.locator(`[data-figure="${name}"][data-side="${side}"]`).first();
const near = async (page: Page, name: string, side: 'a' | 'b' | 'delta', expected: number) =>
  expect.poll(async () => Number(await figure(page, name, side).getAttribute('data-value'))).toBeCloseTo(expected, 9);

test.describe.configure({ mode: 'serial' });

let page: Page;
let app: AppPage;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  app = new AppPage(page);
  await app.open('?view=compare');
  fixturePath = fixture();
  await app.openFiles([fixturePath]);
});

test.afterAll(() => page.close());

test('a first start compares the two retrievers that share the most judged queries, and says so', async () => {
  await expect(page.getByTestId('compare.chosen-by')).toContainText('5 queries');
  await expect(page.getByTestId('compare.slice-a.summary')).toHaveText('retriever = dense');
  await expect(page.getByTestId('compare.slice-b.summary')).toHaveText('retriever = hybrid');
  await expect(page).toHaveURL(/view=compare$/);
});

test('every figure side by side with its delta, colored by which way is better', async () => {
  await near(page, 'tier1.p_at_1', 'a', 1 / 6);
  await near(page, 'tier1.p_at_1', 'b', 1);
  await near(page, 'tier1.p_at_1', 'delta', 5 / 6);
  await expect(figure(page, 'tier1.p_at_1', 'delta')).toHaveText('+0.833');
  await expect(figure(page, 'tier1.p_at_1', 'delta')).toHaveAttribute('data-tone', 'better');
  await near(page, 'tier1.ndcg_at_k', 'b', 1);
  await near(page, 'tier1.empty_result_rate', 'b', 1 / 6);
  await expect(figure(page, 'tier1.empty_result_rate', 'delta')).toHaveAttribute('data-tone', 'worse');
  await expect(figure(page, 'tier1.empty_result_rate', 'delta')).toHaveText('+16.7 pts');
  await near(page, 'tier2.orf', 'a', 1 / 6);
  await expect(figure(page, 'tier2.orf', 'delta')).toHaveAttribute('data-tone', 'better');
  // the count behind each side: judged for the Tier 1 scores
  const p1Row = page.getByRole('table', { name: 'Tier 1 · retriever quality' }).getByRole('row', { name: /^P@1 / });
  await expect(p1Row).toContainText('of 6');
  await expect(p1Row).toContainText('of 5');
  await expect(figure(page, 'matrix.healthy', 'b')).toHaveAttribute('data-value', '5');
});

test('the paired test: pairs, a query only in A, and p = 2/32 read as no significant difference', async () => {
  const pairs = page.getByTestId('compare.pairs');
  await expect(pairs).toHaveAttribute('data-pairs', '5');
  await expect(pairs).toContainText('5 paired queries · 1 query judged only in A · 0 queries judged only in B');
  await expect(page.getByTestId('compare.p.p_at_1')).toHaveText('0.0625');
  await expect(page.getByTestId('compare.reading.p_at_1')).toHaveText('no significant difference');
  await expect(page.getByTestId('compare.delta-chart')).toHaveAttribute('data-points', '5');
  await expect(page.getByTestId('compare.losses')).toContainText('No paired query is worse in B.');
  await expect(page.getByTestId('compare.gains').getByRole('link')).toHaveCount(5);

  // the download is the report's `compare` key, as the command line prints it
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare.download').click()]);
  expect(download.suggestedFilename()).toBe('retrieval-inspector-compare.json');
  const report = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(Object.keys(report)).toEqual(['a', 'b', 'tier1', 'tier2', 'paired', 'judged_at_k', 'settled', 'pool']);
  expect(report.settled).toEqual({ p_at_1: true, p_at_k: false, ndcg_at_k: true, mrr: true });
  expect(report.pool).toBe(1);
  expect([report.a, report.b]).toEqual([{ retriever: ['dense'] }, { retriever: ['hybrid'] }]);
  expect(report.paired.pairs).toBe(5);
  expect(report.paired.p_at_1.p_value).toBeCloseTo(2 / 32, 12);
  expect(report.tier1.p_at_1.delta).toBeCloseTo(5 / 6, 12);
  expect(report).toEqual(cliCompare('--a', 'retriever=dense', '--b', 'retriever=hybrid'));
});

test('judged depth, which figures any labeling of the unlabeled leaves settled, and the pool', async () => {
  await expect(page.getByTestId('compare.settled.p_at_1')).toHaveText('settled');
  await expect(page.getByTestId('compare.settled.p_at_k')).toHaveText('not settled');
  await expect(page.getByTestId('compare.settled.ndcg_at_k')).toHaveText('settled');
  await expect(page.getByTestId('compare.settled.mrr')).toHaveText('settled');
  const p10 = page.getByRole('table', { name: 'Paired statistics' }).getByRole('row', { name: /^P@10 / });
  // B's P@10 equals A's lower bound: the range ends at 0 (shown +0.000 or ±0.000 by the rounding of the means)
  await expect(p10).toContainText(/−0\.017 to [+±]0\.000/);
  const judged = page.getByTestId('compare.judged');
  expect(Number(await judged.getAttribute('data-a'))).toBeCloseTo(17 / 18, 12);
  await expect(judged).toHaveAttribute('data-b', '1');
  await expect(judged).toHaveAttribute('data-pool', '1');
  await expect(judged).toContainText('Judged@10: A 94.4% · B 100.0%');
  await expect(judged).toContainText('pool: 1 unlabeled (query, asset) item');
  await page.getByTestId('compare.pairs').scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test-results/screens/compare-settled.png' });
});

test('the main figures per role', async () => {
  const roles = page.getByTestId('compare.by-role');
  await roles.getByText('By role (1 role)').click();
  await expect(roles.getByRole('row', { name: /^find/ })).toContainText('6 → 6');
  await expect(roles.getByRole('row', { name: /^find/ })).toContainText('+0.833');
});

test('the slices set through the pickers, a swap, the identical state, and the URL reproduces the view', async () => {
  await page.getByRole('button', { name: 'Swap A and B' }).click();
  await expect(page.getByTestId('compare.slice-a.summary')).toHaveText('retriever = hybrid');
  await expect(page).toHaveURL(/a_retriever=hybrid&b_retriever=dense/);
  await expect(page.getByTestId('compare.chosen-by')).toHaveCount(0);
  await near(page, 'tier1.p_at_1', 'delta', -5 / 6);
  await expect(page.getByTestId('compare.losses').getByRole('link')).toHaveCount(5);

  // A: hybrid → dense; for a moment both are dense
  await page.getByLabel('A retriever: hybrid').click();
  const menuA = page.getByRole('group', { name: 'A retriever' });
  await menuA.getByLabel('hybrid').uncheck();
  await menuA.getByLabel('dense').check();
  await expect(page.getByTestId('compare.identical')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/compare-identical.png' });
  await page.getByLabel('A retriever: dense').click();
  // B: dense → run new
  await page.getByLabel('B retriever: dense').click();
  await page.getByRole('group', { name: 'B retriever' }).getByLabel('dense').uncheck();
  await page.getByLabel('B retriever: any').click();
  await page.getByLabel('B run: any').click();
  await page.getByRole('group', { name: 'B run' }).getByLabel('new').check();
  await page.getByLabel('B run: new').click();
  await expect(page).toHaveURL(/a_retriever=dense&b_run_id=new/);
  await page.getByRole('button', { name: 'MRR' }).click();
  await expect(page).toHaveURL(/metric=mrr/);
  await near(page, 'tier1.mrr', 'delta', 1 - (5 * 0.5 + 1) / 6);
  await expect(page.getByTestId('compare.pairs')).toHaveAttribute('data-pairs', '5');

  const url = page.url();
  await page.reload();
  await app.idle();
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('compare.slice-b.summary')).toHaveText('run = new');
  await near(page, 'tier1.mrr', 'delta', 1 - (5 * 0.5 + 1) / 6);
  await expect(page.getByRole('button', { name: 'MRR' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('compare.p.mrr')).toHaveText('0.0625');
});

test('a query of the gains opens its retrievals in both slices', async () => {
  await page.getByTestId('compare.gains').getByRole('link', { name: 'q3' }).click();
  await expect(page).toHaveURL(/query=q3/);
  const drill = page.getByTestId('compare.query-retrievals');
  await expect(drill.getByRole('heading', { level: 2 })).toHaveText('Retrievals of “q3”');
  const inA = drill.getByTestId('compare.retrievals-a');
  const inB = drill.getByTestId('compare.retrievals-b');
  await expect(inA.locator('tr[data-retrieval]')).toHaveCount(1);
  await expect(inA.locator('tr[data-retrieval="d3"]')).toContainText('dense');
  await expect(inA.locator('tr[data-retrieval="d3"]')).toContainText('0.500'); // RR of rank 2
  await expect(inB.locator('tr[data-retrieval="h3"]')).toContainText('1.000');
  await expect(inB.getByRole('link', { name: 's-h3' })).toHaveAttribute('href', /view=sessions&session=s-h3/);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test-results/screens/compare-drilldown.png', fullPage: true });
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(drill).toHaveCount(0);
  await expect(page).not.toHaveURL(/query=/);
  await expect(page.getByTestId('compare.pairs')).toHaveAttribute('data-pairs', '5');
});

test('a slice with no retrieval, and so no pair, says so', async () => {
  await page.getByLabel('B from').fill('2026-12-01');
  await expect(page.getByTestId('compare.empty-b')).toBeVisible();
  await expect(page.getByTestId('compare.no-pairs')).toBeVisible();
  await expect(figure(page, 'tier1.p_at_1', 'b')).toHaveAttribute('data-value', 'null');
  await expect(figure(page, 'tier1.p_at_1', 'delta')).toHaveText('—');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test-results/screens/compare-empty.png', fullPage: true });
});

test('the Metrics screen opens the comparison with its filters as slice A', async () => {
  await app.open('?view=metrics&k=5&surface=web&cell=masked');
  await page.getByTestId('metrics.compare-link').click();
  await expect(page).toHaveURL(/view=compare&a_surface=web&k=5$/);
  await expect(page.getByTestId('compare.slice-a.summary')).toHaveText('surface = web');
  await expect(page.getByTestId('compare.settings-caption').getByLabel('K', { exact: true })).toHaveValue('5');
  await app.open('?view=compare');
  await expect(page.getByTestId('compare.chosen-by')).toBeVisible();
  await near(page, 'tier1.p_at_1', 'delta', 5 / 6);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test-results/screens/compare-default.png', fullPage: true });
});

test('the Metrics screen shows judged@k and each Tier 1 figure\'s bounds', async () => {
  await app.open('?view=metrics');
  // 12 retrievals, 11 returned something: all fully labeled but d1 (2 of 3) → (10 + 2/3) / 11
  await expect(page.getByTestId('tier1').getByText('Judged@10').first()).toBeVisible();
  // 11 judged: P@10 0.1 each as logged; with u1 relevant d1's is 0.2 → 1.2 / 11
  await expect.poll(async () => Number(await page.getByTestId('tier1.bounds.p_at_k.low').getAttribute('data-value'))).toBeCloseTo(0.1, 12);
  await expect.poll(async () => Number(await page.getByTestId('tier1.bounds.p_at_k.high').getAttribute('data-value'))).toBeCloseTo(1.2 / 11, 12);
  // u1 is at rank 3: P@1 and MRR keep their values
  const p1 = Number(await page.getByTestId('tier1.bounds.p_at_1.low').getAttribute('data-value'));
  await expect(page.getByTestId('tier1.bounds.p_at_1.high')).toHaveAttribute('data-value', String(p1));
  await page.getByRole('table', { name: 'Tier 1 bounds' }).scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test-results/screens/metrics-bounds.png' });
});

test('a what-if: RRF over the logged stages against the logged lists, as the command line has it; a loss opens both lists; a sweep', async () => {
  await app.open('?view=compare');
  await app.idle();
  const form = page.getByTestId('compare.what-if-form');
  await form.getByLabel('Pipeline').selectOption('rrf');
  await form.getByLabel('Parameter').fill('20');
  await form.getByRole('button', { name: 'Compare with the logged lists' }).click();
  await expect(page).toHaveURL(/what_if=rrf%3A20|what_if=rrf:20/);
  await app.idle();
  await expect(page.getByTestId('compare.what-if-limits')).toContainText('Only the logged candidates can be ranked');
  await expect(page.getByTestId('compare.what-if-limits')).toContainText('Usage (Tier 2) is not observed');
  await expect(page.getByTestId('compare.versus')).toHaveAttribute('data-retrievals', '5');
  await near(page, 'tier1.p_at_1', 'a', 1);
  await near(page, 'tier1.p_at_1', 'b', 0);
  await near(page, 'tier1.ndcg_at_k', 'b', 1 / Math.log2(3));
  const cli = JSON.parse(execFileSync(process.execPath, [BIN, 'report', '--json', '--what-if', 'rrf:20', fixturePath], { encoding: 'utf8' })).what_if;
  await near(page, 'tier1.ndcg_at_k', 'delta', cli.tier1.ndcg_at_k.delta);
  await expect(page.getByTestId('compare.judged')).toHaveAttribute('data-pool', String(cli.pool));
  expect(cli.pool).toBe(5);
  await expect(page.getByTestId('compare.p.ndcg_at_k')).toHaveAttribute('data-value', String(cli.paired.ndcg_at_k.p_value));
  await expect(page.getByTestId('compare.settled.p_at_1')).toHaveAttribute('data-settled', String(cli.settled.p_at_1));

  await page.getByTestId('compare.losses').getByRole('link', { name: 'h1' }).click();
  await app.idle();
  await expect(page.getByTestId('compare.what-if-list.a').locator('li')).toHaveText(['rel1 grade 2', 'x1 grade 0']);
  await expect(page.getByTestId('compare.what-if-list.b').locator('li')).toHaveText(['x1 grade 0', 'rel1 grade 2', 'w1 unlabeled']);
  // its session shows the what-if list (rrf:60 there: x1 = 2/61, rel1 = w1 = 1/62 → [x1, rel1, w1]) beside the returned one
  await page.getByTestId('compare.what-if-retrieval').getByRole('link', { name: 'open in its session' }).click();
  await app.idle();
  const whatIfList = page.getByRole('region', { name: 'what-if rrf:60 (what-if)' });
  await expect(whatIfList.locator('li')).toHaveText([/#1\s*x1/, /#2\s*rel1/, /#3\s*w1/]);
  if (process.env.WHAT_IF_SHOT) await page.screenshot({ path: process.env.WHAT_IF_SHOT.replace('.png', '-session.png'), fullPage: true });
  await page.goBack();
  await app.idle();

  const sweep = page.getByTestId('compare.sweep');
  await sweep.getByLabel('From').fill('10');
  await sweep.getByLabel('To').fill('30');
  await sweep.getByLabel('Points').fill('3');
  await sweep.getByRole('button', { name: 'Sweep' }).click();
  await expect(page).toHaveURL(/sweep=rrf/);
  await app.idle();
  await expect(page.getByTestId('compare.sweep-chart')).toHaveAttribute('data-points', '3');
  if (process.env.WHAT_IF_SHOT) await page.screenshot({ path: process.env.WHAT_IF_SHOT, fullPage: true });
});

test('a what-if\'s pool is an Annotate queue: the logged lists as A, the pipeline\'s as B', async () => {
  await app.open('?view=compare&what_if=rrf:20');
  const pool = await page.getByTestId('compare.judged').getAttribute('data-pool');
  expect(pool).toBe('5');
  await page.getByTestId('compare.what-if.label-pool').click();
  await expect(page).toHaveURL(/view=annotate&queue=pool&what_if=rrf%3A20/);
  await page.getByLabel('Annotator name').fill('pool annotator');
  await page.getByLabel('Annotator name').press('Enter');
  await expect(page.getByTestId('annotate.pool.remaining')).toHaveAttribute('data-value', String(pool));
  await expect(page.getByRole('list', { name: 'Items in the pool' }).getByRole('listitem')).toHaveCount(Number(pool));
  await expect(page.getByTestId('annotate.pool.side.a')).toHaveText('A · logged');
  await expect(page.getByTestId('annotate.pool.side.b')).toHaveText('B · rrf:20');
  // w1 first (equal priorities go by query): not in h1's logged list, third in the pipeline's [x1, rel1, w1]
  await expect(page.getByTestId('annotate.pool.item')).toHaveAttribute('data-asset', 'w1');
  await expect(page.getByTestId('annotate.pool.query')).toHaveText('q1');
  await expect(page.getByTestId('annotate.pool.ranks')).toHaveAttribute('data-rank-a', '');
  await expect(page.getByTestId('annotate.pool.ranks')).toHaveAttribute('data-rank-b', '3');
  await expect(page.getByTestId('annotate.pool.ranks')).toContainText('rank in B · rrf:20');
});
