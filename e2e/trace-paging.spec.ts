import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppPage } from './pages/app-page';

const SCREENS = 'test-results/screens';
const ASSET = 'hot-asset';
const START = Date.UTC(2026, 9, 1, 9);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * One asset returned by 750 retrievals (rp-0 … rp-749, two per session, a minute apart): the
 * first ten downloaded in their own session; each of the last 150 (all past the 600 a trace once
 * stopped at) exported a day later from a session of its own, every third of those placed by the
 * agent first. Worked by hand: 750 retrievals in 375 + 150 = 525 sessions, 10 + 50 + 150 = 210
 * actions, 160 completions, 150 of them cross-session, 960 rows, no orphan.
 */
function popularAssetLog(): string {
  const lines: object[] = [];
  for (let i = 0; i < 750; i++) {
    const session = `tp-${Math.floor(i / 2)}`;
    const ts = START + i * MINUTE;
    lines.push({ type: 'retrieval', event_id: `e-rp-${i}`, ts, session_id: session, retrieval_id: `rp-${i}`, query: `poster ${i}`, role: 'find', returned_asset_ids: [`other-${i}`, ASSET] });
    if (i < 10) lines.push({ type: 'action', event_id: `dl-${i}`, ts: ts + 20_000, session_id: session, actor: 'user', action: 'download', consumed_asset_id: ASSET, source_retrieval_id: `rp-${i}` });
    if (i >= 600 && i % 3 === 0) lines.push({ type: 'action', event_id: `place-${i}`, ts: ts + 30_000, session_id: session, actor: 'agent', action: 'place', consumed_asset_id: ASSET, source_retrieval_id: `rp-${i}` });
    if (i >= 600) lines.push({ type: 'action', event_id: `exp-${i}`, ts: ts + DAY, session_id: `tp-later-${i}`, actor: 'user', action: 'export', consumed_asset_id: ASSET, source_retrieval_id: `rp-${i}` });
  }
  return lines.map((line) => JSON.stringify(line)).join('\n');
}

test.describe.configure({ mode: 'serial' });

let page: Page;
let trace: Locator;

/** The cells of every body row of a table, as text; a cell of marks as its marks joined by ", ". */
async function tableRows(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => {
    const marks = [...cell.querySelectorAll('.mark')];
    return marks.length ? marks.map((mark) => mark.textContent ?? '').join(', ') : (cell.textContent ?? '');
  })));
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'trace-paging-')), 'popular-asset.jsonl');
  writeFileSync(file, popularAssetLog());
  const app = new AppPage(page);
  await app.open();
  await app.openFiles(file);
  await app.goTo('Lineage');
  const form = page.getByRole('search', { name: 'Trace lineage' });
  await form.getByRole('searchbox', { name: 'Id to trace' }).fill(ASSET);
  await form.getByRole('button', { name: 'Trace' }).click();
  trace = page.getByRole('region', { name: `Trace of asset ${ASSET}` });
});

test.afterAll(() => page.close());

test('the counts are over all 750 retrievals: no orphan, every cross-session export', async () => {
  await expect(trace.getByTestId('trace-summary')).toHaveText('Returned by 750 retrievals in 525 sessions · 210 actions · 160 completions (150 cross-session)');
  await expect(trace.getByTestId('trace-orphans')).toHaveCount(0);
  const completions = page.getByRole('region', { name: 'Cross-session completions' });
  await expect(completions.getByRole('heading')).toHaveText('Cross-session completions 150');
  await expect(completions.getByTestId('table-pager.count')).toHaveText('Rows 1–100 of 150');
  await expect(completions.getByRole('table').locator('tbody tr')).toHaveCount(100);
});

test('the rows page 500 at a time, the graph draws the page, and nothing is an orphan on any page', async () => {
  const pager = trace.getByRole('navigation', { name: 'Trace pages' });
  const table = trace.getByRole('table', { name: 'Trace table' });
  await expect(pager.getByTestId('table-pager.count')).toHaveText('Rows 1–500 of 960');
  await expect(table.locator('tbody tr')).toHaveCount(500);
  await expect(trace).toContainText('the counts above are over all 960 rows');
  const first = await tableRows(table);
  expect(first[0].slice(1, 5)).toEqual(['tp-0', 'retrieval', '“poster 0” · find · 2 results', 'rp-0']);
  expect(first.filter((cells) => cells[6].includes('orphan'))).toEqual([]);
  // rp-0 … rp-489 with the asset and a fold each, and the 10 downloads
  await expect(trace.getByTestId('graph-stats')).toContainText('1,480 nodes · 990 edges');
  await page.screenshot({ path: `${SCREENS}/trace-paging-first.png`, fullPage: true });

  await pager.getByRole('button', { name: 'Next →' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(pager.getByTestId('table-pager.count')).toHaveText('Rows 501–960 of 960');
  await expect(table.locator('tbody tr')).toHaveCount(460);
  await expect(pager.getByRole('button', { name: 'Next →' })).toBeDisabled();
  const second = await tableRows(table);
  expect(second.filter((cells) => cells[6].includes('orphan'))).toEqual([]);
  expect(second.filter((cells) => cells[6].includes('cross-session'))).toHaveLength(150);
  expect(second.at(-1)!.slice(1, 5)).toEqual(['tp-later-749', 'user export', `${ASSET} (${ASSET})`, 'rp-749']);
  // rp-490 … rp-749 (each with the asset and a fold) and 200 actions, each consumed from a drawn
  // retrieval: an export whose retrieval were missing would hang under an extra "Unknown retrieval"
  await expect(trace.getByTestId('graph-stats')).toContainText('980 nodes · 720 edges');
  await page.screenshot({ path: `${SCREENS}/trace-paging-second.png`, fullPage: true });

  await pager.getByRole('button', { name: '← Previous' }).click();
  await expect(pager.getByTestId('table-pager.count')).toHaveText('Rows 1–500 of 960');
});

test('the download holds every page, in the table\'s order and columns', async () => {
  const table = trace.getByRole('table', { name: 'Trace table' });
  const firstPage = await tableRows(table);
  const download = page.waitForEvent('download');
  await trace.getByTestId(`table-download.trace-asset-${ASSET}.jsonl`).click();
  const saved = readFileSync(await (await download).path(), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  expect(saved).toHaveLength(960);
  const headers = await table.locator('thead th').allTextContents();
  expect(Object.keys(saved[0])).toEqual(headers);
  const shown = (row: Record<string, unknown>) => headers.map((header) => (header === 'rank' ? (row.rank === null ? '' : `#${row.rank}`) : String(row[header] ?? '')));
  expect(saved.slice(0, 500).map(shown)).toEqual(firstPage);
  expect(saved.filter((row) => String(row.flags).includes('cross-session'))).toHaveLength(150);
});

test('a link to a node with no page opens the page that holds it, the node selected', async () => {
  await page.evaluate((href) => {
    window.history.pushState(null, '', href);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `?view=lineage&asset=${ASSET}&node=action%3Aexp-700`);
  const pager = trace.getByRole('navigation', { name: 'Trace pages' });
  await expect(pager.getByTestId('table-pager.count')).toHaveText('Rows 501–960 of 960');
  await expect(trace.locator('tr[data-node-id="action:exp-700"]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Selected node' })).toContainText('cross-session');
  await page.screenshot({ path: `${SCREENS}/trace-paging-node.png`, fullPage: true });
});
