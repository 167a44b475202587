import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SAMPLE_LOG_GENERATOR } from '../app/ingest/sample-logs-path';
import { AppPage } from './pages/app-page';

/**
 * Issue 24's triage walk on a generated log of 55k events: the "Only sessions with" counts with
 * other signals on, the Sessions table by keyboard at 1280 px, and the last hop from a Metrics
 * cell to the retrieval in its session.
 */
test.describe.configure({ mode: 'serial' });

const BIG = path.join(os.tmpdir(), 'ri-triage-walk-55k.jsonl');
// screenshots to look at: SHOTS=/tmp/x- writes /tmp/x-chip-counts.png, …
const SHOTS = process.env.SHOTS ?? 'test-results/screens/triage-walk-';

let page: Page;
let app: AppPage;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  if (!existsSync(BIG)) execFileSync(process.execPath, [SAMPLE_LOG_GENERATOR, '--events', '55000', '--out', BIG]);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  app = new AppPage(page);
  await app.open();
  await app.openFiles(BIG);
  await expect(app.status()).toContainText(/Loaded 5\d,\d{3} events/);
});

test.afterAll(async () => {
  await page.close();
});

const count = () => page.getByTestId('sessions.count');
const filters = () => page.getByRole('group', { name: 'Signal filters' });
const chips = () => filters().locator('.signal-toggle');

/** Each "Only sessions with" chip: its name and the count it shows. */
async function chipCounts(): Promise<{ name: string; count: number; on: boolean }[]> {
  await expect(filters().locator('.signal-sessions', { hasText: '…' })).toHaveCount(0, { timeout: 60_000 });
  return chips().evaluateAll((buttons) => buttons.map((button) => ({
    name: button.firstChild?.textContent?.trim() ?? '',
    count: Number(button.querySelector('.signal-sessions')?.textContent?.replace(/,/g, '')),
    on: button.getAttribute('aria-pressed') === 'true',
  })));
}

const shownCount = async () => {
  const text = (await count().textContent()) ?? '';
  return Number(text.replace(/,/g, '').match(/^(\d+)/)![1]);
};

test('each "Only sessions with" count is what the list shows once that chip is added to those on', async () => {
  test.setTimeout(180_000);
  await app.goTo('Sessions');
  await expect(count()).toHaveText(/^[\d,]+ sessions$/, { timeout: 60_000 });
  // the most common signal goes on first, so the others' counts must change with it
  const alone = (await chipCounts()).filter((chip) => chip.count > 0).sort((a, b) => b.count - a.count);
  expect(alone.length).toBeGreaterThan(2);
  const first = alone[0];
  await chips().filter({ hasText: new RegExp(`^${first.name}`) }).click();
  await expect(count()).toHaveText(new RegExp(`^${first.count.toLocaleString('en-US')} of `));
  const withFirst = await chipCounts();
  expect(withFirst.find((chip) => chip.name === first.name)).toMatchObject({ on: true, count: first.count });
  // at least one other chip's count fell: it now counts the sessions with both
  const fell = withFirst.filter((chip) => chip.name !== first.name && chip.count < (alone.find((a) => a.name === chip.name)?.count ?? 0));
  expect(fell.length).toBeGreaterThan(0);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}chip-counts.png` });
  // every chip's count is what the list shows with it added (then taken off again)
  for (const chip of withFirst.filter((c) => !c.on && c.count > 0)) {
    const button = chips().filter({ hasText: new RegExp(`^${chip.name}`) });
    await button.click();
    await expect(count()).toHaveText(new RegExp(`^${chip.count.toLocaleString('en-US')} of `), { timeout: 30_000 });
    await button.click();
    await expect(count()).toHaveText(new RegExp(`^${first.count.toLocaleString('en-US')} of `));
  }
  expect(await shownCount()).toBe(first.count);
  await filters().getByRole('button', { name: 'Clear filters' }).click();
});

const table = () => page.getByRole('table', { name: 'Sessions table' });
const rows = () => table().getByRole('rowgroup').getByRole('row');
const selectedRow = () => table().locator('[role="row"][aria-selected="true"]');
const firstCellOf = async (row: ReturnType<typeof rows>) => (await row.getByRole('cell').first().textContent()) ?? '';

test('the Sessions table fits 1280 px, is one Tab stop, and ↑/↓/Enter move through it from the search box', async () => {
  test.setTimeout(120_000);
  await app.open('?view=sessions');
  await expect(count()).toHaveText(/^[\d,]+ sessions$/, { timeout: 60_000 });
  await expect(rows().first()).toBeVisible();
  // every default column on screen: nothing scrolls sideways, no header or cell is cut
  const fit = await table().evaluate((element) => {
    const body = element.querySelector<HTMLElement>('.vtable-body')!;
    const right = element.getBoundingClientRect().right;
    return {
      overflow: body.scrollWidth - body.clientWidth,
      past: [...element.querySelectorAll('[role="columnheader"]')].filter((h) => h.getBoundingClientRect().right > right + 0.5).map((h) => h.textContent),
      cut: [...element.querySelectorAll<HTMLElement>('[role="cell"], [role="columnheader"] .sort-button')].filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent),
      headers: [...element.querySelectorAll('[role="columnheader"]')].map((h) => h.textContent?.replace(/[▲▼]/g, '')),
    };
  });
  expect(fit).toMatchObject({ overflow: 0, past: [], cut: [] });
  expect(fit.headers).toEqual(expect.arrayContaining(['surface', 'failed', 'rewrites', 'completions']));
  await page.screenshot({ path: `${SHOTS}sessions-1280.png` });

  // one Tab stop for the whole table
  const stops = await table().evaluate((element) => [...element.querySelectorAll<HTMLElement>('button, [tabindex], a[href], input, select')].filter((e) => e.tabIndex >= 0).length);
  expect(stops).toBe(1);

  const search = page.getByRole('searchbox', { name: 'Filter sessions' });
  await search.focus();
  await page.keyboard.press('ArrowDown');
  const body = table().getByRole('rowgroup');
  await expect(body).toBeFocused();
  await expect(selectedRow()).toHaveCount(1);
  expect(await firstCellOf(selectedRow())).toBe(await firstCellOf(rows().first()));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const third = await firstCellOf(rows().nth(2));
  await expect(selectedRow().getByRole('cell').first()).toHaveText(third);
  await page.screenshot({ path: `${SHOTS}sessions-keys.png` });
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('session')).toBe(third);
  await page.goBack();
  await expect(selectedRow().getByRole('cell').first()).toHaveText(third);
  await expect(body).toBeFocused();
  // End, then Home; ↑ on the first row reaches the headers, → moves along them, Enter sorts, ↓ returns
  const firstSession = await firstCellOf(rows().first());
  await page.keyboard.press('End');
  await expect(selectedRow().getByRole('cell').first()).not.toHaveText(firstSession);
  await page.keyboard.press('Home');
  await expect(selectedRow().getByRole('cell').first()).toHaveText(firstSession);
  await page.keyboard.press('ArrowUp');
  const sessionHeader = table().getByRole('columnheader', { name: /^session/ }).getByRole('button');
  await expect(sessionHeader).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(table().getByRole('columnheader', { name: /^user/ }).getByRole('button')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=user_id/);
  await page.keyboard.press('ArrowDown');
  await expect(body).toBeFocused();
  // Tab leaves the table at once
  await page.keyboard.press('Tab');
  expect(await table().evaluate((element) => element.contains(document.activeElement))).toBe(false);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}sessions-1440.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('Metrics → masked cell: the list sorts and shows retriever, role and query; a session link opens the session at that retrieval', async () => {
  test.setTimeout(180_000);
  await app.goTo('Metrics');
  await page.getByRole('button', { name: /^Masked retrieval failure/ }).click();
  const cellTable = page.getByRole('table', { name: 'Retrievals in the cell' });
  await expect(cellTable.locator('tbody tr').first()).toBeVisible({ timeout: 60_000 });
  const headers = (await cellTable.locator('thead th').allTextContents()).map((text) => text.replace(/[▲▼]/g, ''));
  expect(headers).toEqual(['retrieval', 'query', 'retriever', 'role', 'P@1', 'nDCG@10', 'ORF signal', 'session']);
  expect(await cellTable.locator('tbody tr').count()).toBeGreaterThan(50);
  const column = async (index: number) => cellTable.locator('tbody tr').evaluateAll((trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i].textContent ?? ''), index);
  // each row's retriever, role and query as logged (the generated log has one retriever)
  expect(new Set(await column(2))).toEqual(new Set(['hybrid-v3']));
  expect((await column(3)).every((role) => role.length > 0)).toBe(true);
  expect((await column(1)).filter((query) => query.length > 3).length).toBeGreaterThan(50);
  await cellTable.getByRole('button', { name: 'retriever' }).click();
  await expect(cellTable.locator('th', { hasText: 'retriever' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/cell_sort=retriever/);
  const retrievers = await column(2);
  expect(retrievers).toEqual([...retrievers].sort((a, b) => a.localeCompare(b)));
  // nDCG, twice: best first
  await cellTable.getByRole('button', { name: /^nDCG/ }).click();
  await cellTable.getByRole('button', { name: /^nDCG/ }).click();
  await expect(page).toHaveURL(/cell_sort=-ndcg/);
  const ndcg = (await column(5)).filter((text) => text !== '—').map(Number);
  expect(ndcg).toEqual([...ndcg].sort((a, b) => b - a));
  for (const name of ['query', 'role', 'session', 'P@1', 'retrieval', 'ORF signal']) {
    await cellTable.getByRole('button', { name, exact: true }).click();
    await expect(cellTable.locator('th[aria-sort="ascending"]')).toContainText(name);
  }
  await cellTable.getByRole('button', { name: /^nDCG/ }).click();
  await page.mouse.move(0, 0);
  await cellTable.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}metrics-cell.png` });

  // a row far down the list: its session opens at its retrieval, not at the top
  const row = cellTable.locator('tbody tr').nth(40);
  const retrieval = (await row.locator('td').first().textContent())!;
  const session = (await row.getByRole('link').textContent())!;
  await row.getByRole('link').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('session')).toBe(session);
  expect(new URL(page.url()).searchParams.get('node')).toBe(`retrieval:${retrieval}`);
  const inspector = page.getByRole('region', { name: `Session ${session}`, exact: true });
  const event = inspector.locator(`.timeline-pane .event[data-node-id="retrieval:${retrieval}"]`);
  await expect(event).toHaveClass(/selected/);
  await expect(inspector.locator(`.lg-node[data-node-id="retrieval:${retrieval}"]`)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => inView(event)).toBe(true);
  await page.screenshot({ path: `${SHOTS}session-at-retrieval.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(() => inView(event)).toBe(true);
  await page.screenshot({ path: `${SHOTS}session-at-retrieval-1440.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
});

/** Whether an element is inside the timeline pane's visible area. */
async function inView(element: ReturnType<Page['locator']>) {
  return element.evaluate((node) => {
    const pane = node.closest('.timeline-pane')!.getBoundingClientRect();
    const box = node.getBoundingClientRect();
    return box.top >= pane.top - 1 && box.top < pane.bottom - 20;
  });
}

test('the session header chips step through their events: each click scrolls to the next one and highlights it', async () => {
  test.setTimeout(120_000);
  // the session with the most masked failures
  await app.open('?view=sessions&sort=-masked');
  await expect(rows().first()).toBeVisible({ timeout: 60_000 });
  const session = await firstCellOf(rows().first());
  await rows().first().click();
  const inspector = page.getByRole('region', { name: `Session ${session}`, exact: true });
  const chip = inspector.locator('header').getByRole('button', { name: /^\d+ masked failures?/ });
  await expect(chip).toBeVisible({ timeout: 60_000 });
  const steps = await inspector.locator('.timeline-pane .event').evaluateAll((events) =>
    events.filter((event) => [...event.querySelectorAll('.mark')].some((mark) => /masked retrieval failure/.test(mark.textContent ?? ''))).map((event) => event.id));
  expect(steps.length).toBeGreaterThan(1);
  for (const [index, anchor] of [...steps, steps[0]].entries()) {
    await chip.click();
    await expect.poll(() => decodeURIComponent(new URL(page.url()).hash.slice(1))).toBe(anchor);
    const event = inspector.locator(`[id="${anchor}"]`);
    await expect(event).toHaveClass(/is-target/);
    await expect(event).toHaveClass(/selected/);
    await expect.poll(() => inView(event)).toBe(true);
    await expect(chip).toContainText(`${(index % steps.length) + 1}/${steps.length}`);
    if (index === 1) await page.screenshot({ path: `${SHOTS}chip-step.png` });
  }
});
