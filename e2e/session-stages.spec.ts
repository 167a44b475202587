import { expect, test, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { AppPage } from './pages/app-page';

/**
 * One session of two turns (e2e/fixtures/stages-derived-failed.jsonl): a hybrid retrieval with
 * its stages (bm25 of 30, vector, rrf fusion, a cross-encoder rerank) whose top result the agent
 * used by a use the trace import derived (`derived: "context-match"`) and whose second a user
 * selected; then a retrieval that failed.
 */
const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/stages-derived-failed.jsonl');
const SESSION = 'st-1';

test.describe.configure({ mode: 'serial' });

let page: Page;
let inspector: Locator;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  const app = new AppPage(page);
  await app.open();
  await app.openFiles(FIXTURE);
  await page.evaluate((session) => {
    history.pushState(null, '', `/?view=sessions&session=${session}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, SESSION);
  inspector = page.getByRole('region', { name: `Session ${SESSION}`, exact: true });
  await expect(inspector.locator('.turn')).toHaveCount(2);
});

test.afterAll(async () => {
  await page.close();
});

const retrieval = (eventId: string) => inspector.locator(`[data-event-id="${eventId}"]`);

test("a retrieval's stage lists stand beside its returned list, each with its kind, ranks, titles and scores", async () => {
  const stages = retrieval('st-r1-e').getByRole('group', { name: 'Stage lists of st-r1' });
  const columns = stages.getByRole('region');
  // and, before the returned list, the what-if list: RRF with k = 60 over bm25 and vector (docs/metrics.md)
  await expect(columns).toHaveCount(6);
  await expect.poll(() => columns.evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-label')))).toEqual([
    'bm25 (retriever)', 'vector (retriever)', 'rrf (fusion)', 'cross-encoder (rerank)', 'what-if rrf:60 (what-if)', 'returned (returned)',
  ]);
  const bm25 = stages.getByRole('region', { name: 'bm25 (retriever)' });
  await expect(bm25.locator('.stage-head')).toContainText('30');
  await expect(bm25.locator('li').first()).toContainText('#1');
  await expect(bm25.locator('li').first()).toContainText('Refunds for cancelled orders');
  await expect(bm25.locator('li').first()).toContainText('14.20');
  // an asset without a catalog title shows its id
  await expect(bm25.locator('li').nth(2)).toContainText('Order cancellation');
  await expect(bm25.locator('li').nth(3)).toContainText('kb-02');
  // thirty rows scroll inside their column; the page does not grow by them
  const rows = bm25.locator('.stage-rows');
  expect(await rows.evaluate((list) => list.scrollHeight > list.clientHeight)).toBe(true);
  // the stages scroll sideways; the returned list stays in view beside them
  const returned = (await stages.getByRole('region', { name: 'returned (returned)' }).boundingBox())!;
  const frame = (await stages.boundingBox())!;
  expect(returned.x + returned.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
  expect(returned.x).toBeGreaterThan(frame.x);
  const rerank = stages.getByRole('region', { name: 'cross-encoder (rerank)' });
  await expect(rerank.locator('li')).toHaveText([/#1.*Refunds for cancelled orders.*0\.930/, /#2.*Refund policy overview.*0\.610/, /#3.*Payment methods.*0\.200/]);
});

test('a stage under the frozen lists is one click away: the stage bar scrolls it into the open', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const event = retrieval('st-r1-e');
  const stages = event.getByRole('group', { name: 'Stage lists of st-r1' });
  const jump = event.getByRole('navigation', { name: 'Stages of st-r1' });
  await expect(jump.getByRole('button')).toHaveText(['bm25', 'vector', 'rrf', 'cross-encoder']);
  const frozenLeft = async () => (await stages.getByRole('region', { name: 'what-if rrf:60 (what-if)' }).boundingBox())!.x;
  const rightEdge = async (name: string) => {
    const box = (await stages.getByRole('region', { name }).boundingBox())!;
    return box.x + box.width;
  };
  // at a laptop's width the rerank stage is under the frozen what-if and returned lists
  expect(await rightEdge('cross-encoder (rerank)')).toBeGreaterThan(await frozenLeft());
  await jump.getByRole('button', { name: 'cross-encoder' }).click();
  // brought to the lists' left edge (the pane may hold less than a whole column beside the frozen ones)
  const leftEdge = async (name: string) => (await stages.getByRole('region', { name }).boundingBox())!.x;
  const frameLeft = async () => (await stages.boundingBox())!.x;
  await expect.poll(async () => Math.abs((await leftEdge('cross-encoder (rerank)')) - (await frameLeft())) <= 2).toBe(true);
  await jump.getByRole('button', { name: 'bm25' }).click();
  await expect.poll(() => stages.evaluate((frame) => frame.scrollLeft)).toBe(0);
  await page.setViewportSize({ width: 1440, height: 1000 });
});

test('where each used asset ranks in every list, and its rows marked in each column', async () => {
  const used = retrieval('st-r1-e').getByTestId('retrieval.used-rank');
  // what-if rrf:60: kb-01 = 1/62 + 1/61, kb-02 = 1/64 + 1/64 = 0.03125 (4th in both), kb-03 = 1/61 = 0.01639 (bm25 only) → kb-03 third
  await expect(used).toHaveText([
    'used Refunds for cancelled orders: #1 in bm25 · not in vector · #2 in rrf · #1 in cross-encoder · #3 in what-if rrf:60 · #1 returned',
    'used Refund policy overview (all regions, all payment methods): #2 in bm25 · #1 in vector · #1 in rrf · #2 in cross-encoder · #1 in what-if rrf:60 · #2 returned',
  ]);
  const stages = retrieval('st-r1-e').getByRole('group', { name: 'Stage lists of st-r1' });
  // the what-if column shows those fused scores (three decimals): 0.0325, 0.03125, 0.01639
  await expect(stages.getByRole('region', { name: 'what-if rrf:60 (what-if)' }).locator('li .stage-score').first()).toHaveText('0.033');
  expect((await stages.getByRole('region', { name: 'what-if rrf:60 (what-if)' }).locator('li .stage-score').allTextContents()).slice(1, 3)).toEqual(['0.031', '0.016']);
  const usedRanks = async (name: string) => stages.getByRole('region', { name }).locator('li.used .stage-rank').allTextContents();
  expect(await usedRanks('bm25 (retriever)')).toEqual(['#1', '#2']);
  expect(await usedRanks('vector (retriever)')).toEqual(['#1']);
  expect(await usedRanks('rrf (fusion)')).toEqual(['#1', '#2']);
  expect(await usedRanks('returned (returned)')).toEqual(['#1', '#2']);
});

test('a derived agent use is marked as derived on the timeline, on its result and in the lineage graph', async () => {
  const use = inspector.locator('[data-event-id="st-use"]');
  await expect(use.getByTestId('action.derived')).toHaveText('derived · context match');
  await expect(use.getByTestId('action.derived')).toHaveAttribute('title', /^Not logged/);
  // the logged select has no such badge
  await expect(inspector.locator('[data-event-id="st-sel"]').getByTestId('action.derived')).toHaveCount(0);
  const ranked = retrieval('st-r1-e').getByRole('list', { name: 'Results of st-r1' });
  await expect(ranked.locator('.chip.derived')).toHaveText('agent use · derived · context match');
  await expect(ranked.locator('.chip:not(.derived)')).toHaveText('user select');
  const graph = page.getByRole('region', { name: 'Lineage graph', exact: true });
  await expect(graph.getByRole('button', { name: /^action: agent use — .* — derived · context match$/ })).toBeVisible();
  await expect(graph.getByRole('button', { name: /^action: user select — [^—]*$/ })).toBeVisible();
});

test('a failed retrieval says failed and why, never an empty result', async () => {
  const failed = retrieval('st-r2-e');
  await expect(failed.locator('.event-head')).toContainText('“gift card refund” → failed');
  await expect(failed.getByTestId('retrieval.failed')).toHaveText('failed: ConnectionError: vector index unavailable (timed out after 30 s)');
  await expect(failed).not.toContainText('empty result');
  const graph = page.getByRole('region', { name: 'Lineage graph', exact: true });
  await expect(graph.getByRole('button', { name: /^retrieval: “gift card refund” — st-r2 · reference · failed — failed: ConnectionError/ })).toBeVisible();
});

test('screenshots of the session view', async () => {
  await page.screenshot({ path: '/tmp/session-stages.png' });
  await retrieval('st-r1-e').screenshot({ path: '/tmp/session-stages-retrieval.png' });
  await retrieval('st-r2-e').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/session-stages-failed.png' });
  // a laptop's width: the timeline pane at its narrowest readable
  await page.setViewportSize({ width: 1280, height: 800 });
  await retrieval('st-r1-e').scrollIntoViewIfNeeded();
  await retrieval('st-r1-e').screenshot({ path: '/tmp/session-stages-1280.png' });
});

test("the sessions search finds what the trace import keeps on a retrieval, and shows it in the row", async () => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.evaluate(() => {
    history.pushState(null, '', '/?view=sessions');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  const table = page.getByRole('table', { name: 'Sessions table' });
  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill('GPT-4o-mini');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('retrieval metadata');
  await expect(row.locator('mark')).toHaveText('gpt-4o-mini');
  await page.screenshot({ path: '/tmp/session-stages-search.png' });
});
