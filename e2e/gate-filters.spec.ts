import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppPage, samplePath } from './pages/app-page';

/**
 * Gate & feedback with two assistants loaded together: the filters (surface, category, system),
 * the alarm's minimum votes, and the links from counts to their sessions. Every expected number
 * is worked out here from the files, with the app's rules written out again: an event's category
 * is its own, else that of its turn's first prompt with one, else (feedback) that of the turn of
 * the response it targets; its week is the ISO week of its ts.
 */
test.describe.configure({ mode: 'serial' });

const FILES = ['customer-service.jsonl', 'creative-assistant.jsonl'];
const SCREENS = 'test-results/screens';

type LogEvent = Record<string, unknown> & { type: string; ts?: string };
const readEvents = (name: string): LogEvent[] =>
  readFileSync(samplePath(name), 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line));
const EVENTS = FILES.flatMap(readEvents);

function isoWeek(ts: string): string {
  const date = new Date(ts);
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  day.setUTCDate(day.getUTCDate() + 4 - (day.getUTCDay() || 7)); // the Thursday of its week
  const year = day.getUTCFullYear();
  return `${year}-W${String(Math.ceil(((day.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7)).padStart(2, '0')}`;
}

const turnCategory = new Map<unknown, unknown>();
for (const event of EVENTS) if (event.type === 'prompt' && event.turn_id && event.category && !turnCategory.has(event.turn_id)) turnCategory.set(event.turn_id, event.category);
const responseTurn = new Map(EVENTS.filter((event) => event.type === 'response').map((event) => [event.event_id, event.turn_id]));
const categoryOf = (event: LogEvent) => event.category ?? turnCategory.get(event.turn_id) ?? turnCategory.get(responseTurn.get(event.target_event_id)) ?? null;

const gates = EVENTS.filter((event) => event.type === 'gate');
const votes = EVENTS.filter((event) => event.type === 'feedback');
const evalCases = EVENTS.filter((event) => event.type === 'eval_case');

interface Week { total: number; down: number }
function feedbackWeeks(feedback: LogEvent[]): Map<string, Week> {
  const weeks = new Map<string, Week>();
  for (const vote of feedback) {
    const week = weeks.get(isoWeek(vote.ts!)) ?? { total: 0, down: 0 };
    week.total += 1;
    if (vote.rating === 'down') week.down += 1;
    weeks.set(isoWeek(vote.ts!), week);
  }
  return new Map([...weeks].sort(([a], [b]) => a.localeCompare(b)));
}
/** The weeks that raise the alarm: more than 15% down, with at least `minVotes` votes. */
const alarmWeeks = (feedback: LogEvent[], minVotes: number) =>
  [...feedbackWeeks(feedback)].filter(([, week]) => week.total >= minVotes && week.down / week.total > 0.15).map(([name]) => name);
const countBy = <T>(items: T[], key: (item: T) => unknown) => items.reduce((n, item) => n + (key(item) ? 1 : 0), 0);

let page: Page;
let app: AppPage;

const metric = (keyPath: string) => page.locator(`[data-metric="${keyPath}"]`);
const screen = () => page.locator('.gate-screen');
/** The panels show the numbers of the filters in the URL (no placeholder from the last ones). */
async function settled() {
  await expect(screen()).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('recomputing')).toHaveCount(0);
}
const filter = (name: 'Surface' | 'Category' | 'System (run_id)') => page.getByRole('region', { name: 'Gate filters' }).getByLabel(name, { exact: true });
const alarmRows = () => page.locator('tr[data-alarm="true"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-week')));

/** The query parameters of a link, as a plain object (the list's `has` kept as written). */
async function linkParams(link: Locator): Promise<Record<string, string>> {
  await expect(link).toHaveAttribute('href', /view=sessions/);
  const href = (await link.getAttribute('href'))!;
  return Object.fromEntries(new URL(href, 'http://app.test/').searchParams);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  page = await browser.newPage();
  app = new AppPage(page);
  await app.open('?view=gate');
  await app.loadFiles(...FILES);
  await expect(metric('feedback.total')).toHaveAttribute('data-value', String(votes.length));
  await settled();
});

test.afterAll(async () => {
  await page.close();
});

test('both assistants together: a 3-vote week shows its rate but is too few to raise the alarm', async () => {
  const weeks = feedbackWeeks(votes);
  const [firstWeek, first] = [...weeks][0];
  expect(first.total).toBeLessThan(10); // the creative assistant's first week, alone
  expect(first.down / first.total).toBeGreaterThan(0.15);
  const row = page.locator(`tr[data-week="${firstWeek}"]`);
  await expect(row).toHaveAttribute('data-too-few', 'true');
  await expect(row).toHaveAttribute('data-alarm', 'false');
  await expect(row.getByText('too few votes')).toBeVisible();
  await expect(metric(`feedback.by_week.${firstWeek}.rate`)).toHaveAttribute('data-value', String(first.down / first.total));
  expect(await alarmRows()).toEqual(alarmWeeks(votes, 10));

  const [lastWeek, last] = [...weeks].at(-1)!;
  await expect(page.getByTestId('gate.feedback')).toContainText(`votes in a week; the latest week, ${lastWeek}, had ${last.total} votes.`);
  await expect(page.getByLabel('Minimum votes for the alarm')).toHaveValue('10');
  await expect(page.getByTestId('gate.too-few-votes')).toContainText(`${firstWeek} (${first.total} votes)`);
  await page.getByTestId('gate.feedback').screenshot({ path: `${SCREENS}/gate-filters-feedback-too-few.png` });
});

test('a lower minimum lets the small week raise the alarm, and is kept in the URL', async () => {
  const weeks = [...feedbackWeeks(votes)];
  const minVotes = weeks[0][1].total;
  await page.getByLabel('Minimum votes for the alarm').fill(String(minVotes));
  await expect(page).toHaveURL(new RegExp(`[?&]min_votes=${minVotes}(&|$)`));
  await expect(page.locator(`tr[data-week="${weeks[0][0]}"]`)).toHaveAttribute('data-alarm', 'true');
  expect(await alarmRows()).toEqual(alarmWeeks(votes, minVotes));
  await page.getByLabel('Minimum votes for the alarm').fill('10');
  await expect(page).not.toHaveURL(/min_votes=/);
  await expect(page.locator(`tr[data-week="${weeks[0][0]}"]`)).toHaveAttribute('data-alarm', 'false');
});

test('the support surface alone: counts and alarm weeks are those of its events', async () => {
  const support = (event: LogEvent) => event.surface === 'support-chat';
  await expect(filter('Surface').locator('option', { hasText: /^support-chat \(/ })).toHaveText(
    `support-chat (${countBy(gates, support)} gates, ${countBy(votes, support)} votes)`);
  await expect(filter('System (run_id)')).toBeDisabled(); // neither sample logs a run_id
  await filter('Surface').selectOption('support-chat');
  await expect(page).toHaveURL(/[?&]surface=support-chat(&|$)/);
  await settled();
  const supportVotes = votes.filter(support);
  await expect(metric('feedback.total')).toHaveAttribute('data-value', String(supportVotes.length));
  await expect(metric('feedback.down')).toHaveAttribute('data-value', String(countBy(supportVotes, (vote) => vote.rating === 'down')));
  expect(await alarmRows()).toEqual(alarmWeeks(supportVotes, 10));
  expect(alarmWeeks(votes, 10)).not.toEqual(alarmWeeks(supportVotes, 10)); // the creative votes had raised an alarm of their own
  await expect(page.getByTestId('gate.calibration.scope')).toContainText('the surface filter does not apply here');
  await expect(page.getByTestId('gate.recall.scope')).toBeVisible();

  await filter('Surface').selectOption('chat');
  await settled();
  const chatVotes = votes.filter((vote) => vote.surface === 'chat');
  await expect(metric('feedback.total')).toHaveAttribute('data-value', String(chatVotes.length));
  await expect(page.getByTestId('gate.decisions')).toContainText('No gate event matches the filters.');
  await page.screenshot({ path: `${SCREENS}/gate-filters-chat.png`, fullPage: true });
  await filter('Surface').selectOption('');
  await settled();
});

const CATEGORY = 'returns';
const inCategory = (event: LogEvent) => categoryOf(event) === CATEGORY;

test('a category narrows decisions, feedback and calibration, and the URL reproduces the view when opened fresh', async () => {
  const categoryGates = gates.filter(inCategory);
  const categoryVotes = votes.filter(inCategory);
  await expect(filter('Category').locator('option', { hasText: new RegExp(`^${CATEGORY} \\(`) })).toHaveText(
    `${CATEGORY} (${categoryGates.length} gates, ${categoryVotes.length} votes, ${countBy(evalCases, inCategory)} eval cases)`);
  await filter('Category').selectOption(CATEGORY);
  await settled();
  const expected: [string, number][] = [
    ...(['answer', 'clarify', 'handoff'] as const).map((decision): [string, number] => [`gate.decisions.${decision}`, countBy(categoryGates, (gate) => gate.decision === decision)]),
    ['feedback.total', categoryVotes.length],
    ['feedback.down', countBy(categoryVotes, (vote) => vote.rating === 'down')],
    ['gate.calibration.cases', countBy(evalCases, inCategory)],
  ];
  const check = async () => {
    for (const [keyPath, value] of expected) await expect(metric(keyPath), keyPath).toHaveAttribute('data-value', String(value));
    await expect(page.getByRole('table', { name: 'Gate decisions per category' }).getByRole('row')).toHaveCount(2);
  };
  await check();
  expect(expected[0][1]).toBeLessThan(countBy(gates, (gate) => gate.decision === 'answer'));
  await page.screenshot({ path: `${SCREENS}/gate-filters-category.png`, fullPage: true });

  const url = page.url();
  expect(new URL(url).searchParams.get('category')).toBe(CATEGORY);
  await page.goto(url);
  await app.idle();
  await expect(app.status()).toContainText('Restored');
  await expect(filter('Category')).toHaveValue(CATEGORY);
  await settled();
  await check();
});

test('each count links to exactly its sessions: signal, category, week and the screen’s filters', async () => {
  // still filtered to the category, as the last test left it
  const handoffs = gates.filter((gate) => inCategory(gate) && gate.decision === 'handoff');
  const week = isoWeek(handoffs[0].ts!);

  expect(await linkParams(page.locator('a[data-metric="gate.decisions.handoff"]'))).toMatchObject({ view: 'sessions', has: 'handoff', category: CATEGORY });
  expect(await linkParams(page.locator('a[data-metric="gate.decisions.clarify"]'))).toMatchObject({ has: 'clarify', category: CATEGORY });
  await expect(page.locator('a[data-metric="gate.decisions.answer"]')).toHaveCount(0); // no session signal says "answered"
  await expect(page.locator('span[data-metric="gate.decisions.answer"]')).toBeVisible();

  expect(await linkParams(page.locator(`a[data-metric="gate.by_category.${CATEGORY}.handoff"]`))).toMatchObject({ has: 'handoff', category: CATEGORY });
  const bar = page.locator(`a[data-metric="gate.by_week.${week}.handoff"]`);
  await expect(bar).toHaveAttribute('data-value', String(countBy(handoffs, (gate) => isoWeek(gate.ts!) === week)));
  expect(await linkParams(bar)).toMatchObject({ has: 'handoff', category: CATEGORY, week });
  expect(await linkParams(page.locator(`a[data-metric="gate.handoff_trend.${CATEGORY}.${week}"]`))).toMatchObject({ has: 'handoff', category: CATEGORY, week });

  const downWeek = [...feedbackWeeks(votes.filter(inCategory))].find(([, counts]) => counts.down > 0)![0];
  expect(await linkParams(page.locator(`a[data-metric="feedback.by_week.${downWeek}.down"]`))).toMatchObject({ has: 'down', category: CATEGORY, week: downWeek });

  const downVoted = page.getByRole('table', { name: 'Top down-voted queries' }).getByRole('row').nth(1);
  const query = (await downVoted.getByRole('cell').first().textContent())!;
  expect(await linkParams(downVoted.locator('a'))).toMatchObject({ has: 'down', category: CATEGORY, q: query });

  const reviewRow = page.getByRole('table', { name: 'Answer review per ISO week' }).getByRole('row').nth(1);
  const reviewWeek = (await reviewRow.getByRole('cell').first().textContent())!;
  const reviewLink = reviewRow.locator(`a[data-metric="gate.review.${reviewWeek}.not_correct"]`);
  if (await reviewLink.count()) expect(await linkParams(reviewLink)).toMatchObject({ has: 'wrong', category: CATEGORY, week: reviewWeek });

  for (const link of await page.locator('.gate-panels a[href*="view=sessions"]').all()) {
    const params = new URL((await link.getAttribute('href'))!, 'http://app.test/').searchParams;
    expect(params.get('category'), await link.getAttribute('data-metric') ?? '').toBe(CATEGORY);
    expect(params.get('has')).toMatch(/^(clarify|handoff|down|wrong)$/);
  }
  await page.getByTestId('gate.decisions').screenshot({ path: `${SCREENS}/gate-filters-decisions.png` });
});

test('the system filter lists each run_id with its counts and narrows to it', async ({ page: fresh }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gate-systems-'));
  const file = path.join(dir, 'two-systems.jsonl');
  const at = (day: number) => new Date(Date.UTC(2026, 9, 5 + day, 10)).toISOString(); // Monday 2026-10-05, 2026-W41
  // bot-a: 4 gates (1 handoff), 8 votes (1 down: 12.5%); bot-b: 2 gates (2 handoffs), 4 votes (3 down: 75%); all in 2026-W41.
  // Together: 4 down of 12 (33%), an alarm that is bot-b's alone.
  const lines: LogEvent[] = [
    ...['answer', 'answer', 'clarify', 'handoff'].map((decision, i) => ({ type: 'gate', ts: at(0), session_id: `a${i}`, decision, run_id: 'bot-a', surface: 'web' })),
    ...['handoff', 'handoff'].map((decision, i) => ({ type: 'gate', ts: at(1), session_id: `b${i}`, decision, run_id: 'bot-b', surface: 'web' })),
    ...['down', 'up', 'up', 'up', 'up', 'up', 'up', 'up'].map((rating, i) => ({ type: 'feedback', ts: at(2), session_id: `a${i}`, rating, run_id: 'bot-a', surface: 'web' })),
    ...['down', 'down', 'down', 'up'].map((rating, i) => ({ type: 'feedback', ts: at(2), session_id: `b${i % 2}`, rating, run_id: 'bot-b', surface: 'web' })),
  ];
  writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n'));
  const own = new AppPage(fresh);
  await own.open('?view=gate');
  await own.openFiles(file);
  const system = fresh.getByRole('region', { name: 'Gate filters' }).getByLabel('System (run_id)', { exact: true });
  await expect(system.locator('option')).toHaveText(['All systems', 'bot-a (4 gates, 8 votes)', 'bot-b (2 gates, 4 votes)']);
  await expect(fresh.locator('tr[data-week="2026-W41"]')).toHaveAttribute('data-alarm', 'true');
  await fresh.getByLabel('Minimum votes for the alarm').fill('3');
  await system.selectOption('bot-b');
  await expect(fresh).toHaveURL(/[?&]system=bot-b(&|$)/);
  await expect(fresh.locator('[data-metric="gate.decisions.handoff"]')).toHaveAttribute('data-value', '2');
  await expect(fresh.locator('[data-metric="feedback.total"]')).toHaveAttribute('data-value', '4');
  await expect(fresh.locator('tr[data-week="2026-W41"]')).toHaveAttribute('data-alarm', 'true'); // 3 of 4, with ≥ 3 votes
  const handoff = await linkParams(fresh.locator('a[data-metric="gate.decisions.handoff"]'));
  expect(handoff).toMatchObject({ has: 'handoff', system: 'bot-b' });
  await fresh.getByRole('region', { name: 'Gate filters' }).screenshot({ path: `${SCREENS}/gate-filters-system.png` });
  await system.selectOption('bot-a');
  await expect(fresh.locator('[data-metric="feedback.total"]')).toHaveAttribute('data-value', '8');
  await expect(fresh.locator('tr[data-week="2026-W41"]')).toHaveAttribute('data-alarm', 'false');
  await expect(fresh.locator('[data-metric="gate.decisions.handoff"]')).toHaveAttribute('data-value', '1');
});

/**
 * Follows a link: depends on the Sessions list honoring `has`, `category` and `week` (built at
 * the same time as this screen); it may fail until the list does.
 */
test('a handoff count opens the sessions list with exactly its sessions', async () => {
  const sessions = new Set(gates.filter((gate) => inCategory(gate) && gate.decision === 'handoff').map((gate) => gate.session_id));
  await page.locator(`a[data-metric="gate.by_category.${CATEGORY}.handoff"]`).click();
  await expect(page).toHaveURL(/view=sessions/);
  const params = new URL(page.url()).searchParams;
  expect(params.get('has')).toBe('handoff');
  expect(params.get('category')).toBe(CATEGORY);
  await expect(page.getByRole('region', { name: 'Sessions' })).toContainText(new RegExp(`(?<![\\d,])${sessions.size} (of [\\d,]+ )?sessions\\b`));
  await page.screenshot({ path: `${SCREENS}/gate-filters-followed.png` });

  // Back on the gate screen, a handoff segment of the weekly chart is a link too.
  await page.goBack();
  const week = isoWeek(gates.find((gate) => inCategory(gate) && gate.decision === 'handoff')!.ts!);
  await page.locator(`a[data-metric="gate.by_week.${week}.handoff"]`).click();
  await expect(page).toHaveURL(/view=sessions/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ has: 'handoff', category: CATEGORY, week });
});
