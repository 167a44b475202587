import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { AppPage, samplePath } from './pages/app-page';

/**
 * The sessions list as a triage tool: signal filters and a scope that live in the URL, search over
 * text and ids with the match shown, a download of exactly the rows shown, resizable columns.
 * Expected sessions are worked out here from the sample files themselves.
 */
test.describe.configure({ mode: 'serial' });

const FILES = ['creative-assistant.jsonl', 'customer-service.jsonl', 'multihop-qa.json', 'creative-labels.csv'];
const VIEWPORT = { width: 1280, height: 800 };
const SCREENS = 'test-results/screens';

type SampleEvent = Record<string, unknown> & { type: string; session_id?: string; turn_id?: string };

function sampleEvents(): SampleEvent[] {
  const jsonl = (name: string) => readFileSync(samplePath(name), 'utf8').split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line) as SampleEvent);
  const multihop = (JSON.parse(readFileSync(samplePath('multihop-qa.json'), 'utf8')) as { events: SampleEvent[] }).events;
  return [...jsonl('creative-assistant.jsonl'), ...jsonl('customer-service.jsonl'), ...multihop];
}

const EVENTS = sampleEvents();
const ALL_SESSIONS = new Set(EVENTS.flatMap((e) => (e.session_id ? [e.session_id] : [])));

/** Sessions with at least one event matching `pick`. */
const sessionsWith = (pick: (event: SampleEvent) => boolean) => new Set(EVENTS.filter((e) => e.session_id && pick(e)).map((e) => e.session_id!));
const handoff = (e: SampleEvent) => e.type === 'gate' && e.decision === 'handoff';
const downVote = (e: SampleEvent) => e.type === 'feedback' && e.rating === 'down';

/** docs/log-format.md / event-scope.ts: an event's own category, else that of the first prompt of its turn that has one. */
const turnCategory = new Map<string, string>();
for (const e of EVENTS) if (e.type === 'prompt' && e.turn_id && typeof e.category === 'string' && !turnCategory.has(e.turn_id)) turnCategory.set(e.turn_id, e.category);
const categoryOf = (e: SampleEvent) => (typeof e.category === 'string' ? e.category : e.turn_id ? turnCategory.get(e.turn_id) : undefined);

let page: Page;
let app: AppPage;

async function openLoaded(browser: Browser, query = '') {
  const fresh = await browser.newPage({ viewport: VIEWPORT });
  const freshApp = new AppPage(fresh);
  await freshApp.open(query);
  await freshApp.loadFiles(...FILES);
  return { page: fresh, app: freshApp };
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  ({ page, app } = await openLoaded(browser));
  await app.goTo('Sessions');
  await expect(count()).toHaveText(`${ALL_SESSIONS.size.toLocaleString('en-US')} sessions`);
});

test.afterAll(async () => {
  await page.close();
});

const table = (on: Page = page) => on.getByRole('table', { name: 'Sessions table' });
const count = (on: Page = page) => on.getByTestId('sessions.count');
const bodyRows = (on: Page = page) => table(on).getByRole('rowgroup').getByRole('row');
const headerIndex = async (label: string) =>
  (await table().getByRole('columnheader').allTextContents()).findIndex((text) => text.replace(/[▲▼]/g, '').trim() === label);

/** The session ids of the rows on screen, top to bottom (all of them when the list is shorter than the overscan). */
async function shownSessions(on: Page = page): Promise<string[]> {
  return bodyRows(on).evaluateAll((rows) => rows.map((row) => row.querySelector('[role="cell"]')?.textContent ?? ''));
}

test('signal filters narrow to the sessions with each signal, and the URL reproduces the list in a fresh page', async ({ browser }) => {
  test.setTimeout(180_000);
  const expected = [...sessionsWith(handoff)].filter((id) => sessionsWith(downVote).has(id)).sort();
  expect(expected.length).toBeGreaterThan(3);
  expect(expected.length).toBeLessThan(30);

  const filters = page.getByRole('group', { name: 'Signal filters' });
  await filters.getByRole('button', { name: 'handoff' }).click();
  await expect(count()).toHaveText(`${sessionsWith(handoff).size} of ${ALL_SESSIONS.size.toLocaleString('en-US')} sessions`);
  await filters.getByRole('button', { name: 'thumbs-down' }).click();
  await expect(count()).toHaveText(`${expected.length} of ${ALL_SESSIONS.size.toLocaleString('en-US')} sessions`);
  await expect(page).toHaveURL(/[?&]has=handoff%2Cdown(&|$)/);
  expect([...await shownSessions()].sort()).toEqual(expected);

  // sort by handoffs, most first: the column's numbers never increase down the list
  await table().getByRole('columnheader', { name: /handoff/ }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=-handoff/);
  await expect(table().getByRole('columnheader', { name: /handoff/ })).toHaveAttribute('aria-sort', 'descending');
  const handoffColumn = await headerIndex('handoff');
  const handoffs = await bodyRows().evaluateAll((rows, index) => rows.map((row) => Number(row.querySelectorAll('[role="cell"]')[index].textContent)), handoffColumn);
  expect(handoffs).toEqual([...handoffs].sort((a, b) => b - a));
  const order = await shownSessions();

  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SCREENS}/sessions-triage-filtered.png` });

  const url = new URL(page.url());
  const fresh = await openLoaded(browser, url.search);
  await expect(count(fresh.page)).toHaveText(`${expected.length} of ${ALL_SESSIONS.size.toLocaleString('en-US')} sessions`);
  expect(await shownSessions(fresh.page)).toEqual(order);
  await expect(fresh.page.getByRole('group', { name: 'Signal filters' }).getByRole('button', { name: 'handoff' })).toHaveAttribute('aria-pressed', 'true');
  await fresh.page.close();
});

test('the download holds exactly the rows and columns the table shows', async () => {
  const headers = (await table().getByRole('columnheader').allTextContents()).map((text) => text.replace(/[▲▼]/g, '').trim());
  const cells = await bodyRows().evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('[role="cell"]')].map((cell) => cell.textContent ?? '')));
  expect(cells.length).toBeGreaterThan(3);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('table-download.sessions.jsonl').click()]);
  expect(download.suggestedFilename()).toBe('sessions.jsonl');
  const records = readFileSync(await download.path(), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(Object.keys(records[0])).toEqual(headers);
  expect(records.map((record) => headers.map((header) => String(record[header])))).toEqual(cells);

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('table-download.sessions.csv').click()]);
  const lines = readFileSync(await csv.path(), 'utf8').trim().split('\r\n');
  expect(lines).toHaveLength(cells.length + 1);
  expect(lines[0]).toBe(headers.join(','));
});

test('a link with a scope shows it as chips; removing a chip widens the list; clear filters empties the URL', async () => {
  // handoffs counted in the returns category only: the gate's own category, else its turn's
  const returnsHandoff = sessionsWith((e) => handoff(e) && categoryOf(e) === 'returns');
  expect(returnsHandoff.size).toBeGreaterThan(0);
  expect(returnsHandoff.size).toBeLessThan(sessionsWith(handoff).size);
  await app.open('?view=sessions&has=handoff&category=returns');
  const total = ALL_SESSIONS.size.toLocaleString('en-US');
  await expect(count()).toHaveText(`${returnsHandoff.size} of ${total} sessions`);
  const chip = page.locator('.scope-chip', { hasText: 'category returns' });
  await expect(chip).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SCREENS}/sessions-triage-scope.png` });

  await chip.getByRole('button', { name: 'Remove category returns' }).click();
  await expect(count()).toHaveText(`${sessionsWith(handoff).size} of ${total} sessions`);
  await expect(page).not.toHaveURL(/category=/);

  await page.getByRole('group', { name: 'Signal filters' }).getByRole('button', { name: 'Clear filters' }).click();
  await expect(count()).toHaveText(`${total} sessions`);
  await expect(page).not.toHaveURL(/has=/);
});

test('search finds a session by a phrase of one of its prompts and shows the match', async () => {
  // a prompt phrase that occurs in the prompts, queries or responses of one session only
  const texts = EVENTS.flatMap((e) => {
    const text = e.type === 'retrieval' ? e.query : e.type === 'prompt' || e.type === 'response' ? e.text : null;
    return typeof text === 'string' && e.session_id ? [{ session: e.session_id, text: text.toLowerCase() }] : [];
  });
  const phrase = EVENTS.filter((e) => e.type === 'prompt' && typeof e.text === 'string' && (e.text as string).length > 24)
    .map((e) => ({ session: e.session_id!, text: (e.text as string).slice(4, 24).trim() }))
    .find(({ text }) => new Set(texts.filter((t) => t.text.includes(text.toLowerCase())).map((t) => t.session)).size === 1);
  expect(phrase).toBeDefined();
  const { session, text } = phrase!;

  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill(text.toUpperCase());
  await expect(count()).toHaveText(`1 of ${ALL_SESSIONS.size.toLocaleString('en-US')} sessions`);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(text.toUpperCase());
  expect(await shownSessions()).toEqual([session]);
  const match = bodyRows().first().getByRole('cell').nth(1);
  await expect(match.locator('mark')).toHaveText(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i'));
  await expect(match.locator('.match-field')).toHaveText(/^(prompt|query|response)$/);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SCREENS}/sessions-triage-search.png` });

  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill('no-such-session-anywhere');
  await expect(page.getByText('No session matches this filter.')).toBeVisible();
  await table().getByRole('button', { name: 'Clear filters' }).click();
  await expect(count()).toHaveText(`${ALL_SESSIONS.size.toLocaleString('en-US')} sessions`);
  await expect(page.getByRole('searchbox', { name: 'Filter sessions' })).toHaveValue('');
});

test('columns fit their content, and a dragged column edge resizes the column until a double-click resets it', async () => {
  const header = table().getByRole('columnheader', { name: /^session/ });
  const firstCell = bodyRows().first().getByRole('cell').first();
  const width = async () => (await header.boundingBox())!.width;
  const before = await width();
  // worst review verdicts on top ("unsupported" among them): no cell and no header is cut, whatever its column
  await table().getByRole('columnheader', { name: /review/ }).getByRole('button').click();
  await expect(bodyRows().first().getByRole('cell').nth(await headerIndex('review'))).toHaveText('wrong');
  const cut = await table().evaluate((element) => [...element.querySelectorAll<HTMLElement>('[role="cell"], [role="columnheader"] .sort-button')]
    .filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent));
  expect(cut).toEqual([]);
  expect(await bodyRows().allTextContents()).toContainEqual(expect.stringContaining('unsupported'));
  // every default column fits 1280 px, the longest sample ids and "unsupported" included: nothing scrolls sideways
  expect(await table().locator('.vtable-body').evaluate((body) => body.scrollWidth - body.clientWidth)).toBe(0);
  await page.screenshot({ path: `${SCREENS}/sessions-triage-list.png` });

  const handle = page.getByRole('separator', { name: 'Resize the session column' });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(width).toBeCloseTo(before + 60, 0);
  expect((await firstCell.boundingBox())!.width).toBeCloseTo(before + 60, 0);

  await handle.dblclick();
  await expect.poll(width).toBeCloseTo(before, 0);
});
