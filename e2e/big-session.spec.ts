import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppPage } from './pages/app-page';

const START = Date.UTC(2026, 9, 1, 9);

/**
 * One session of 50,000 events: prompt i and retrieval r<i> half a second later (i < 25,000), 25
 * of each per turn: 1,000 turns of 50 events, a page of 500 events is 10 turns, 100 pages. An
 * export a day later in another session cites r0.
 */
function bigSessionLog(): string {
  const lines: object[] = [];
  for (let i = 0; i < 25_000; i++) {
    const turn = `turn-${Math.floor(i / 25)}`;
    lines.push({ type: 'prompt', event_id: `p-${i}`, ts: START + i * 1000, session_id: 'big', turn_id: turn, text: `prompt number ${i}` });
    lines.push({ type: 'retrieval', event_id: `e-r${i}`, ts: START + i * 1000 + 500, session_id: 'big', turn_id: turn, retrieval_id: `r${i}`, query: `query ${i}`, returned_asset_ids: ['a1', 'a2'] });
  }
  lines.push({ type: 'action', event_id: 'exp', ts: START + 86_400_000, session_id: 'later', actor: 'user', action: 'export', consumed_asset_id: 'a1', source_retrieval_id: 'r0' });
  return lines.map((line) => JSON.stringify(line)).join('\n');
}

test.describe.configure({ mode: 'serial' });

let page: Page;
let inspector: Locator;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'big-session-')), 'big-session.jsonl');
  writeFileSync(file, bigSessionLog());
  const app = new AppPage(page);
  await app.open('?view=sessions&session=big');
  await app.openFiles(file);
  inspector = page.getByRole('region', { name: 'Session big', exact: true });
});

test.afterAll(() => page.close());

const pager = () => inspector.getByRole('navigation', { name: 'Timeline pages' });
const turnHeads = () => inspector.locator('.turn .turn-head .mono');

test('opens on the first page: 10 of 1,000 turns, 500 of 50,000 events, with the header counting the whole session', async () => {
  await expect(pager().getByTestId('timeline-pager.count')).toHaveText('Showing turns 1–10 of 1,000 · events 1–500 of 50,000');
  await expect(pager()).toContainText('page 1 of 100');
  await expect(inspector.locator('.inspector-head')).toContainText('25,000 prompts · 25,000 retrievals · 0 actions');
  await expect(inspector.locator('.inspector-flags')).toContainText('on this page');
  await expect(turnHeads()).toHaveText(Array.from({ length: 10 }, (_, i) => `turn-${i}`));
  await expect(inspector.locator('.turns > .turn').first().locator('.event')).toHaveCount(50);
  await expect(inspector.locator('.event').first()).toContainText('prompt number 0');
  await expect(inspector.getByRole('link', { name: /Lineage continues in later/ })).toBeVisible();
  await expect(pager().getByRole('button', { name: '← Previous' })).toBeDisabled();
  await page.screenshot({ path: '/tmp/big-session-first.png' });
});

test('Next shows turns 11–20 and keeps the page in the URL; Back returns to the first page', async () => {
  await pager().getByRole('button', { name: 'Next →' }).click();
  await expect(pager().getByTestId('timeline-pager.count')).toHaveText('Showing turns 11–20 of 1,000 · events 501–1,000 of 50,000');
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(turnHeads()).toHaveText(Array.from({ length: 10 }, (_, i) => `turn-${i + 10}`));
  await expect(inspector.locator('.event').first()).toContainText('prompt number 250');
  await expect(inspector.getByRole('link', { name: /Lineage continues in/ })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/big-session-second.png' });
  await page.goBack();
  await expect(pager().getByTestId('timeline-pager.count')).toHaveText('Showing turns 1–10 of 1,000 · events 1–500 of 50,000');
});

test('a link to the last page opens it, a link to a node its page; the back link leaves the session with no page in the URL', async () => {
  await page.evaluate(() => {
    window.history.pushState(null, '', `${window.location.search.replace(/&page=\d+/, '')}&page=100`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  // a correctness check, not a timed one: on a busy machine finding the page of a 50,000-event session takes seconds
  await expect(pager().getByTestId('timeline-pager.count')).toHaveText('Showing turns 991–1,000 of 1,000 · events 49,501–50,000 of 50,000', { timeout: 20_000 });
  await expect(pager().getByRole('button', { name: 'Next →' })).toBeDisabled();
  await expect(inspector.locator('.event').last()).toContainText('query 24999');

  // a link to a graph node with no page opens the page holding it: r2600 is event 5,202, on page 11
  await page.evaluate(() => {
    window.history.pushState(null, '', '?view=sessions&session=big&node=retrieval%3Ar2600');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(pager().getByTestId('timeline-pager.count')).toHaveText('Showing turns 101–110 of 1,000 · events 5,001–5,500 of 50,000', { timeout: 20_000 });
  await expect(inspector.locator('.event.selected')).toContainText('query 2600');
  await inspector.getByRole('link', { name: '← All sessions' }).click();
  await expect(page).not.toHaveURL(/[?&](page|session)=/);
});
