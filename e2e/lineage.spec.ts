import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './pages/app-page';

const SCREENS = 'test-results/screens';

/** ca-0024 places tpl-0065 (from r-000035); two days later ca-0387 exports it with no source: lineage inherited through the place. */
const EARLIER = 'ca-0024';
const LATER = 'ca-0387';
const ASSET = 'tpl-0065';
const RETRIEVAL = 'r-000035';

async function openSession(page: Page, app: AppPage, sessionId: string) {
  await app.goTo('Sessions');
  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill(sessionId);
  await page.getByRole('table', { name: 'Sessions table' }).getByRole('cell', { name: sessionId, exact: true }).click();
  return page.getByRole('region', { name: `Session ${sessionId}`, exact: true });
}

const graphOf = (page: Page) => page.getByRole('region', { name: 'Lineage graph', exact: true });

let page: Page;
let app: AppPage;

/** These tests only read sessions and traces of the creative logs: they share one page, loaded once. */
test.describe('the creative logs, loaded once', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    app = await AppPage.openNew(browser);
    page = app.page;
    await app.loadFiles('creative-assistant.jsonl', 'creative-labels.csv', 'asset-catalog.jsonl.gz');
  });

  test.afterAll(() => page.close());

  test('a session: its turn timeline with full ranked lists and marks, its lineage graph, and the link to the session where it continues', async () => {
    const inspector = await openSession(page, app, EARLIER);
    await expect(page).toHaveURL(new RegExp(`view=sessions.*session=${EARLIER}|session=${EARLIER}.*view=sessions`));

    const results = inspector.getByRole('list', { name: `Results of ${RETRIEVAL}` });
    await expect(results).toBeVisible();
    expect(await results.getByRole('listitem').count()).toBeGreaterThanOrEqual(10);
    const used = results.locator('li.used', { hasText: ASSET });
    await expect(used).toContainText(`user export ↗ ${LATER}`);
    await expect(used.locator('.ranked-name')).not.toHaveText(ASSET);
    await expect(inspector.getByRole('navigation', { name: 'Lineage in other sessions' }).getByRole('link', { name: new RegExp(`continues in ${LATER}`) })).toBeVisible();

    const graph = graphOf(page);
    await expect(graph.getByTestId('graph-stats')).toContainText('SVG');
    const exportNode = graph.getByRole('button', { name: new RegExp(`^completion: user export — ${LATER}`) });
    await expect(exportNode).toBeVisible();
    await expect(graph.getByRole('button', { name: new RegExp(`^asset: .*${ASSET} · used #\\d+ of \\d+`) })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/session-timeline.png` });

    await exportNode.click();
    const details = page.getByRole('region', { name: 'Selected node' });
    await expect(details.locator('pre.raw')).toContainText('"action": "export"');
    await expect(details).toContainText(`Open session ${LATER}`);
    await expect(graph.locator('.lg-node.dimmed').first()).toBeAttached();
    await expect(graph.locator(`.lg-node:not(.dimmed)[data-node-id^="retrieval:${RETRIEVAL}"]`)).toBeAttached();
    await page.screenshot({ path: `${SCREENS}/lineage-session-graph.png` });

    // the unused rest of a list is one node until opened
    await expect(graph.locator(`[data-node-id^="asset:${RETRIEVAL}/"]`)).toHaveCount(1);
    await graph.getByRole('button', { name: 'Fit' }).click();
    await graph.locator(`[data-node-id="fold:${RETRIEVAL}"]`).click();
    await expect(graph.locator(`[data-node-id^="asset:${RETRIEVAL}/"]`)).toHaveCount(16);
    await expect(graph.locator(`[data-node-id="fold:${RETRIEVAL}"]`)).toHaveCount(0);
    await page.screenshot({ path: `${SCREENS}/lineage-session-expanded.png` });

    // the export two days later, in the other session, and the way back
    await inspector.getByRole('link', { name: new RegExp(`continues in ${LATER}`) }).click();
    const later = page.getByRole('region', { name: `Session ${LATER}`, exact: true });
    await expect(later.locator('[data-mark="cross_session"]')).toContainText(`cross-session completion ← ${EARLIER}`);
    await expect(later.locator('[data-mark="inherited"]')).toContainText(`inherited lineage ← ${RETRIEVAL}`);
    await expect(later.getByRole('link', { name: new RegExp(`comes from ${EARLIER}`) })).toBeVisible();
    await expect(graphOf(page).locator('path.edge-inherited').first()).toBeAttached();
    await page.screenshot({ path: `${SCREENS}/session-timeline-later.png` });
    await page.goBack();
    await expect(page.getByRole('region', { name: `Session ${EARLIER}`, exact: true })).toBeVisible();

    await inspector.getByRole('link', { name: '← All sessions' }).click();
    await expect(page.getByRole('table', { name: 'Sessions table' })).toBeVisible();
    expect(app.outsideRequests).toEqual([]);
  });

  test('trace an asset and a retrieval across sessions; cross-session completions open their lineage', async () => {
    const inspector = await openSession(page, app, EARLIER);
    await inspector.getByRole('list', { name: `Results of ${RETRIEVAL}` }).getByRole('link', { name: ASSET, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`view=lineage.*asset=${ASSET}|asset=${ASSET}.*view=lineage`));

    const trace = page.getByRole('region', { name: `Trace of asset ${ASSET}` });
    await expect(trace.getByTestId('trace-summary')).toContainText(/Returned by \d+ retrievals? in \d+ sessions?/);
    await expect(trace.getByTestId('trace-summary')).toContainText(/[1-9]\d* cross-session/);
    const table = trace.getByRole('table', { name: 'Trace table' });
    await expect(table.getByRole('row', { name: new RegExp(`user export.*${RETRIEVAL}`) })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/lineage-trace-asset.png`, fullPage: true });

    await table.getByRole('row', { name: new RegExp(`user export.*${RETRIEVAL}`) }).click();
    await expect(page.getByRole('region', { name: 'Selected node' })).toContainText('Completion');

    const form = page.getByRole('search', { name: 'Trace lineage' });
    await form.getByRole('combobox', { name: 'What to trace' }).selectOption('retrieval');
    await form.getByRole('searchbox', { name: 'Id to trace' }).fill(RETRIEVAL);
    await form.getByRole('button', { name: 'Trace' }).click();
    await expect(page).toHaveURL(new RegExp(`retrieval=${RETRIEVAL}`));
    await expect(page.getByRole('region', { name: `Trace of retrieval ${RETRIEVAL}` }).getByTestId('trace-summary')).toContainText('completion');

    // as many as the report's tier3.cross_session for this file (the 24 inherited exports of the README, and 4 more completions)
    await expect(page.getByRole('region', { name: 'Cross-session completions' }).getByRole('heading')).toContainText('28');
    const completions = page.getByRole('table', { name: 'Cross-session completions' });
    await expect(completions.getByRole('row')).toHaveCount(29);
    await completions.getByRole('row').nth(1).getByRole('link', { name: 'Open lineage' }).click();
    await expect(page).toHaveURL(/retrieval=r-\d+.*node=action/);
    await expect(page.getByRole('region', { name: 'Selected node' })).toContainText('cross-session');
    await page.screenshot({ path: `${SCREENS}/lineage-cross-session.png`, fullPage: true });
    expect(app.outsideRequests).toEqual([]);
  });

  test('marks the masked retrieval failures the metrics report counts, on the event and on the graph node', async () => {
    // `report` on these files flags r-000007 of ca-0004 as a masked retrieval failure, consumed
    const inspector = await openSession(page, app, 'ca-0004');
    const retrieval = inspector.locator('.event-retrieval', { has: page.getByRole('list', { name: 'Results of r-000007' }) });
    await expect(retrieval.locator('[data-mark="masked"]')).toHaveText('masked retrieval failure (consumed)');
    await expect(inspector.locator('[data-flag="masked failure"]')).toHaveText('1 masked failure');
    await expect(retrieval.locator('.ranked-grade').first()).toBeVisible();
    await expect(graphOf(page).getByRole('button', { name: /^retrieval: .*r-000007.*masked failure \(consumed\)/ })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/session-timeline-masked.png` });
  });
});

/** One asset returned by 400 retrievals in 200 sessions, half of them acted on: a graph of well over 1,000 nodes. */
function popularAssetLog(): string {
  const lines: string[] = [];
  for (let i = 0; i < 400; i++) {
    const session = `big-${Math.floor(i / 2)}`;
    const ts = Date.UTC(2026, 9, 1) + i * 60_000;
    lines.push(JSON.stringify({ type: 'retrieval', ts, session_id: session, retrieval_id: `rb-${i}`, query: `poster ${i}`, role: 'find', returned_asset_ids: ['hot', `x-${i}`, `y-${i}`] }));
    if (i % 2 === 0) lines.push(JSON.stringify({ type: 'action', ts: ts + 1000, session_id: session, actor: 'user', action: 'export', consumed_asset_id: 'hot', source_retrieval_id: `rb-${i}` }));
  }
  return lines.join('\n');
}

test('a trace of over a thousand nodes is drawn on a canvas and still pans and zooms', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.openFiles({ name: 'popular.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(popularAssetLog()) });
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Lineage/ }).click();
  const form = page.getByRole('search', { name: 'Trace lineage' });
  await form.getByRole('searchbox', { name: 'Id to trace' }).fill('hot');
  await form.getByRole('button', { name: 'Trace' }).click();
  const graph = graphOf(page);
  await expect(graph.getByTestId('graph-stats')).toContainText(/1,\d{3} nodes .* drawn on canvas/, { timeout: 30_000 });
  const canvas = graph.locator('canvas');
  await expect(canvas).toBeVisible();
  const box = (await canvas.boundingBox())!;
  await graph.getByRole('button', { name: 'Fit' }).click();
  await page.screenshot({ path: `${SCREENS}/lineage-canvas.png` });
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 3);
  await page.mouse.wheel(0, -1200);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 3 - 200, box.y + box.height / 3 - 100, { steps: 8 });
  await page.mouse.up();
  await page.screenshot({ path: `${SCREENS}/lineage-canvas-zoomed.png` });
  expect(app.outsideRequests).toEqual([]);
});
