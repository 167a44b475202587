import { expect, test, type Dialog, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppPage } from './pages/app-page';
import { parseCsv } from './csv';

/**
 * Issue 13, "Hostile content": a log whose every text field holds a payload (script, HTML, SVG,
 * `javascript:` URL, Markdown link, bidi override, 100,000 characters) is loaded and every screen
 * visited. Nothing may run, nothing may leave the origin, and the page controls stay on screen.
 */
test.describe.configure({ mode: 'serial' });

const SCREENS = 'test-results/screens';
const LONG = `${'A'.repeat(50_000)} ${'W'.repeat(50_000)}`;
const PAYLOADS = [
  `<script>window.__pwned='script'</script>`,
  `<img src=x onerror="window.__pwned='img'">`,
  `<svg onload="window.__pwned='svg'"><circle r="9"/></svg>`,
  `javascript:window.__pwned='url'`,
  `[open me](javascript:window.__pwned='markdown')`,
  `<a href="https://evil.invalid/x">x</a><iframe src="https://evil.invalid/"></iframe>`,
  `\u202Egnp.exe \u2067isolate\u2069 \u200F`,
  LONG,
];
/** A payload, then a tag so each field's text is unique (ids must be). */
const hostile = (i: number, tag: string) => `${PAYLOADS[i % PAYLOADS.length]}${tag}`;
/** Ids get the short payloads: the long one goes into prose fields (and one id, below). */
const hostileId = (i: number, tag: string) => `${PAYLOADS[i % (PAYLOADS.length - 1)]}${tag}`;
export const FILE_NAME = `<img src=x onerror=window.__pwned=1>\u202Elmth.jsonl`;
const SESSION = hostileId(1, '#s1');
const DEEP_SESSION = 'deep-and-timeless';

function corpus(): string {
  const lines: string[] = [];
  const start = Date.parse('2026-09-01T10:00:00Z');
  let second = 0;
  const ts = () => new Date(start + 1000 * second++).toISOString();
  const asset = (i: number) => (i === 0 ? `${LONG}#a0` : hostileId(i, `#a${i}`));
  const push = (event: object) => lines.push(JSON.stringify(event));
  for (let i = 0; i < PAYLOADS.length; i++) {
    push({ type: 'asset', asset_id: asset(i), title: hostile(i + 3, `#title${i}`), text: hostile(i, `#text${i}`), kind: hostile(i + 1, '') });
  }
  push({ type: 'question', question_id: hostileId(0, '#q1'), text: hostile(7, '#qtext'), entities: [hostile(1, '#ent')], gold_answer: hostile(2, '#gold'), gold_evidence_ids: [asset(0), asset(2)] });
  for (let turn = 0; turn < PAYLOADS.length; turn++) {
    const base = {
      session_id: turn < 4 ? SESSION : hostileId(turn, `#s${turn}`),
      turn_id: hostileId(turn, `#t${turn}`),
      request_id: hostileId(turn + 1, `#req${turn}`),
      user_id: hostileId(turn + 2, '#u'),
      surface: hostile(turn + 3, '#surface').slice(0, turn === 4 ? undefined : 200),
      run_id: hostileId(turn + 4, '#run'),
    };
    const retrievalId = turn === 3 ? `${LONG}#r${turn}` : hostileId(turn, `#r${turn}`);
    const returned = [asset(turn), asset((turn + 1) % PAYLOADS.length), asset((turn + 2) % PAYLOADS.length)];
    push({ type: 'prompt', event_id: `e-p${turn}`, ts: ts(), ...base, text: hostile(turn, '#prompt'), category: hostile(turn + 5, '#cat') });
    push({ type: 'route', event_id: `e-route${turn}`, ts: ts(), ...base, route: 'retrieval', tool: hostile(turn + 2, '#tool') });
    push({
      type: 'retrieval', event_id: `e-r${turn}`, ts: ts(), ...base, retrieval_id: retrievalId, query: hostile(turn + 1, '#query'),
      role: 'find', returned_asset_ids: returned, scores: [0.9, 0.5, 0.1], dense_score: 0.9, retriever: hostile(turn + 6, '#retriever'),
      question_id: hostileId(0, '#q1'), subquestion_id: hostileId(turn, '#sq'),
    });
    push({ type: 'subquestion', event_id: `e-sq${turn}`, ts: ts(), ...base, question_id: hostileId(0, '#q1'), subquestion_id: hostileId(turn, '#sq'), text: hostile(turn + 2, '#sqtext'), status: turn % 2 ? 'resolved' : 'retired', note: hostile(turn + 3, '#note'), evidence_ids: [asset(turn)], reason: hostile(turn + 4, '#reason') });
    push({ type: 'gate', event_id: `e-g${turn}`, ts: ts(), ...base, decision: ['answer', 'clarify', 'handoff'][turn % 3], reason: hostile(turn + 3, '#gatereason'), dense_score: 0.4, sparse_score: 3, top_gap: 0.1, doc_count: 3, category: hostile(turn + 5, '#cat'), retrieval_id: retrievalId });
    push({ type: 'action', event_id: `e-a${turn}`, ts: ts(), ...base, actor: 'user', action: 'place', consumed_asset_id: returned[0], source_retrieval_id: retrievalId });
    push({ type: 'action', event_id: `e-a2${turn}`, ts: ts(), ...base, actor: 'agent', action: hostile(turn, '#act').slice(0, 300), consumed_asset_id: returned[1], source_retrieval_id: retrievalId });
    push({ type: 'response', event_id: `e-resp${turn}`, ts: ts(), ...base, text: hostile(turn + 4, '#response'), cited_asset_ids: [returned[0]], question_id: hostileId(0, '#q1') });
    push({ type: 'feedback', event_id: `e-f${turn}`, ts: ts(), ...base, rating: 'down', target_event_id: `e-resp${turn}`, retrieval_id: retrievalId, comment: hostile(turn + 5, '#comment') });
    push({ type: 'label', kind: 'relevance', annotator: hostile(turn, '#ann').slice(0, turn === 7 ? undefined : 300), retrieval_id: retrievalId, asset_id: returned[0], grade: turn % 4 });
    push({ type: 'label', kind: 'relevance', annotator: hostile(turn + 1, '#ann2').slice(0, 300), retrieval_id: retrievalId, asset_id: returned[0], grade: (turn + 1) % 4 });
    push({ type: 'label', kind: 'role', annotator: hostile(turn, '#ann').slice(0, 300), retrieval_id: retrievalId, role: 'browse' });
    push({ type: 'label', kind: 'answer_review', annotator: hostile(turn + 2, '#ann3').slice(0, 300), target_event_id: `e-resp${turn}`, verdict: 'wrong', note: hostile(turn + 6, '#review') });
    push({ type: 'eval_case', query: hostile(turn + 1, '#query'), gold_asset_ids: [asset(turn)], should_answer: true, category: hostile(turn + 5, '#cat') });
  }
  // a session whose events hold a field nested 10,000 deep and a time beyond what a Date can hold
  // written as text: JSON.stringify itself overflows the stack at this depth
  const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
  const withDeep = (event: object) => lines.push(`${JSON.stringify(event).slice(0, -1)},"extra":${deep}}`);
  push({ type: 'prompt', event_id: 'e-deep0', ts: ts(), session_id: DEEP_SESSION, text: 'a prompt beside them' });
  withDeep({ type: 'prompt', event_id: 'e-deep1', ts: ts(), session_id: DEEP_SESSION, text: 'deep' });
  push({ type: 'prompt', event_id: 'e-deep2', ts: 8.64e15 + 1, session_id: DEEP_SESSION, text: 'beyond the range of Date' });
  push({ type: 'prompt', event_id: 'e-deep3', ts: '+275760-09-13T00:00:00.001Z', session_id: DEEP_SESSION, text: 'beyond the range of Date, as text' });
  withDeep({ type: 'retrieval', event_id: 'e-deep4', ts: ts(), session_id: DEEP_SESSION, retrieval_id: 'r-deep', query: 'deep', returned_asset_ids: ['a-deep'] });
  // rejected lines: not JSON, and an unknown type, each full of payloads
  lines.push(`${PAYLOADS[0]}${PAYLOADS[1]}${PAYLOADS[2]}`);
  push({ type: hostile(1, '#type'), session_id: SESSION, ts: ts(), text: LONG });
  lines.push(`=HYPERLINK("https://evil.invalid/","${PAYLOADS[1]}")`);
  return lines.join('\n') + '\n';
}

let page: Page;
let app: AppPage;
let dir: string;
const dialogs: string[] = [];
const pageErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-'));
  const file = path.join(dir, FILE_NAME);
  fs.writeFileSync(file, corpus());
  page = await browser.newPage({ acceptDownloads: true });
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  app = new AppPage(page);
  await app.open();
  await app.openFiles(file);
});

test.afterAll(async () => {
  await page?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Goes to a view inside the app, as a link would (the loaded logs live in this tab only). */
async function goToView(search: string) {
  await page.evaluate((href) => {
    window.history.pushState(null, '', href);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, search);
}

/** Nothing ran, nothing left the origin, and the header with the screen links is on screen, not pushed aside. */
async function expectInert(screen: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: `${SCREENS}/hostile-${screen}.png` });
  expect(dialogs, 'no dialog').toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned), 'no payload ran').toBeUndefined();
  expect(new URL(page.url()).origin).toBe(new URL(test.info().project.use.baseURL!).origin);
  expect(app.outsideRequests, 'no request outside the origin').toEqual([]);
  expect(await page.locator('script:not([src])').count(), 'no inline script in the page').toBe(0);
  expect(await page.locator('iframe, [onerror], [onload], a[href^="javascript:" i]').count(), 'no payload became markup').toBe(0);
  const viewport = page.viewportSize()!;
  const header = (await page.locator('.app-header').boundingBox())!;
  expect(header.x).toBeGreaterThanOrEqual(0);
  expect(header.x + header.width).toBeLessThanOrEqual(viewport.width + 1);
  const nav = (await page.getByRole('navigation', { name: 'Screens' }).boundingBox())!;
  expect(nav.x + nav.width).toBeLessThanOrEqual(viewport.width + 1);
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  const wide = width <= viewport.width + 1 ? [] : await page.evaluate((limit) => [...document.querySelectorAll('main *')]
    .filter((element) => element.getBoundingClientRect().right > limit).slice(-4).map((element) => `${element.tagName}.${element.getAttribute('class') ?? ''}`), viewport.width + 1);
  expect(width, `the page is not widened by long text (too wide: ${wide.join(', ')})`).toBeLessThanOrEqual(viewport.width + 1);
  expect(pageErrors, 'no uncaught error').toEqual([]);
}

test('the load names the hostile file inertly and keeps its lines', async () => {
  await expect(app.status()).toContainText('rejected');
  await goToView('?view=overview');
  await expect(page.getByRole('main')).toContainText('lmth.jsonl');
  await expect(page.locator('.labels-table')).toContainText('#ann');
  await expectInert('overview');
});

test('overview: the file name is isolated, so a right-to-left override cannot reorder what follows it', async () => {
  const name = page.locator('bdi, [dir="auto"], .log-text').filter({ hasText: 'lmth.jsonl' }).first();
  await expect(name).toBeVisible();
  const isolated = await name.evaluate((element) => element.tagName === 'BDI' || getComputedStyle(element).unicodeBidi === 'isolate' || getComputedStyle(element).unicodeBidi === 'plaintext');
  expect(isolated).toBe(true);
  // the override itself is named, not obeyed: the name reads as written, ending in lmth.jsonl
  await expect(name).toContainText('U+202Elmth.jsonl');
});

test('sessions list and search', async () => {
  await goToView('?view=sessions');
  const table = page.getByRole('table', { name: 'Sessions table' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectInert('sessions');
  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill(`<img src=x onerror`);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectInert('sessions-search');
  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill('');
});

test('the session inspector of a hostile session', async () => {
  await goToView(`?view=sessions&session=${encodeURIComponent(SESSION)}`);
  const inspector = page.getByRole('region', { name: `Session ${SESSION}`, exact: true });
  await expect(inspector).toBeVisible();
  await expect(inspector.locator('.event-retrieval').first()).toBeVisible({ timeout: 30_000 });
  await expect(inspector).toContainText(`${PAYLOADS[1]}#prompt`);
  await expectInert('session');
  const graph = page.getByRole('region', { name: 'Lineage graph', exact: true });
  if (await graph.count()) {
    const node = graph.locator('.lg-node').first();
    if (await node.count()) {
      await node.hover();
      await node.click();
    }
    await expectInert('session-graph');
  }
});

test('lineage: a trace, its graph and tooltips', async () => {
  await goToView(`?view=lineage&retrieval=${encodeURIComponent(hostileId(1, '#r1'))}`);
  await expect(page.getByRole('main')).toContainText('#r1', { timeout: 30_000 });
  const nodes = page.locator('.lg-node');
  if (await nodes.count()) await nodes.first().hover();
  await expectInert('lineage');
  await goToView(`?view=lineage&asset=${encodeURIComponent(`${LONG}#a0`)}`);
  await expect(page.getByRole('main')).toContainText('#a0');
  await expectInert('lineage-long');
});

for (const [screen, search] of [
  ['metrics', '?view=metrics'],
  ['questions', '?view=questions'],
  ['question', `?view=questions&question=${encodeURIComponent(hostileId(0, '#q1'))}&run=${encodeURIComponent(hostileId(4, '#run'))}`],
  ['gate', '?view=gate'],
  ['review', '?view=review'],
  ['annotate', '?view=annotate'],
  ['agreement', '?view=agreement'],
  ['rejected', '?view=rejected'],
] as const) {
  test(`${screen}: every payload is shown as text`, async () => {
    test.setTimeout(120_000);
    await goToView(search);
    await expect(page.getByRole('main')).not.toContainText(/Loading screen…|Computing|Loading the/, { timeout: 60_000 });
    const charts = page.locator('.recharts-wrapper');
    if (await charts.count()) await charts.first().hover();
    await expectInert(screen);
  });
}

test('rejected rows: the hostile lines are listed as text, and the CSV download neutralizes formula cells', async () => {
  await goToView('?view=rejected');
  const table = page.getByRole('table', { name: 'Rejected rows' });
  await expect(table).toContainText(PAYLOADS[0]);
  await expectInert('rejected-rows');
  const download = page.waitForEvent('download');
  await page.getByTestId('table-download.rejected-rows.csv').click();
  const csv = fs.readFileSync((await (await download).path())!, 'utf8');
  expect(csv).toContain(`"'=HYPERLINK(""https://evil.invalid/""`);
  const risky = parseCsv(csv).flat().filter((cell) => /^[=+@\t\r]|^-(?![\d.]+$)/.test(cell));
  expect(risky, 'no cell a spreadsheet would run').toEqual([]);
});

test('a session with a field nested 10,000 deep and times beyond the Date range opens, and the app stays', async () => {
  await goToView(`?view=sessions&session=${DEEP_SESSION}`);
  const inspector = page.getByRole('region', { name: `Session ${DEEP_SESSION}`, exact: true });
  await expect(inspector).toContainText('a prompt beside them', { timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'could not be shown' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/hostile-deep-session.png` });
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('a screen that fails shows what failed and a way back; the header and the other screens stay', async ({ browser }) => {
  const fresh = await browser.newPage();
  try {
    // the Review screen's code cannot load: its lazy import rejects while the screen renders
    await fresh.route(/\/assets\/ReviewScreen-[^/]*\.js$/, (route) => route.abort());
    const freshApp = new AppPage(fresh);
    await freshApp.open('?view=review');
    const failure = fresh.getByRole('alert').filter({ hasText: 'The Review screen could not be shown' });
    await expect(failure).toBeVisible();
    await fresh.screenshot({ path: `${SCREENS}/screen-error.png` });
    await expect(fresh.getByRole('navigation', { name: 'Screens' })).toBeVisible();
    await failure.getByRole('link', { name: 'Back to the overview' }).click();
    await expect(failure).toHaveCount(0);
    await expect(fresh.getByRole('main')).toContainText('No logs loaded');
  } finally {
    await fresh.close();
  }
});
