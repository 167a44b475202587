import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppPage, samplePath } from './pages/app-page';
import { workspaceLog } from './workspace-log';

/**
 * Issue 24, point 14: Review shows the gold answer of a multi-hop answer (its question's
 * `gold_answer`) and says so when an answer has none. Loaded together: the 55k-event workspace
 * log, the multi-hop sample and a file of `answer` gates that put answers of both into the review.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.SHOTS ?? 'test-results/screens/review-gold-';
const multihop = (JSON.parse(readFileSync(samplePath('multihop-qa.json'), 'utf8')) as { events: Record<string, string>[] }).events;
const responses = multihop.filter((event) => event.type === 'response');
const gold = new Map(multihop.filter((event) => event.type === 'question').map((event) => [event.question_id, event.gold_answer]));
const GENERATED = 'b-e8'; // the workspace log's first answer (session b-s1, request req-b-s1-1): no question
let page: Page;
let app: AppPage;

function gatesFile(): string {
  const gate = (id: string, response: { session_id: string; request_id: string; ts: string }) =>
    JSON.stringify({ type: 'gate', event_id: id, ts: response.ts, session_id: response.session_id, request_id: response.request_id, decision: 'answer' });
  const lines = [
    ...responses.map((response, i) => gate(`g-mh-${i}`, { session_id: response.session_id, request_id: response.request_id, ts: response.ts })),
    gate('g-b1', { session_id: 'b-s1', request_id: 'req-b-s1-1', ts: '2026-09-01T00:00:17.000Z' }),
  ];
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'review-gold-')), 'answer-gates.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const files = [workspaceLog(), samplePath('multihop-qa.json'), gatesFile()];
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  app = new AppPage(page);
  await app.open('?view=review');
  await app.openFiles(files);
  await expect(app.status()).toContainText(/Loaded 5\d,\d{3} events from 3 files/);
});

test.afterAll(() => page.close());

const item = () => page.getByTestId('review.item');
const goldBlock = () => item().getByRole('region', { name: 'Gold answer' });

async function openAnswer(id: string) {
  await page.goto(`/?view=review&item=${id}`);
  await app.idle();
  await expect(item()).toHaveAttribute('data-response', id, { timeout: 60_000 });
}

test('a multi-hop answer shows its question\'s gold answer, checked: a wrong one differs', async () => {
  test.setTimeout(120_000);
  const wrong = responses.find((response) => response.question_id === 'q01')!;
  expect(wrong.text).not.toBe(gold.get('q01'));
  await openAnswer(wrong.event_id);
  await expect(goldBlock()).toHaveAttribute('data-gold', 'present');
  await expect(goldBlock()).toContainText(gold.get('q01')!);
  await expect(goldBlock()).toContainText('from question q01');
  await expect(goldBlock()).toHaveAttribute('data-verdict', 'differs');
  await expect(goldBlock()).toContainText('answer differs from gold');
  await page.screenshot({ path: `${SHOTS}differs.png` });
});

test('a right multi-hop answer matches its gold answer', async () => {
  const right = responses.find((response) => response.question_id === 'q02')!;
  expect(right.text).toBe(gold.get('q02'));
  await openAnswer(right.event_id);
  await expect(goldBlock()).toHaveAttribute('data-verdict', 'match');
  await expect(goldBlock()).toContainText('Kestrel Bay');
});

test('an answer of no multi-hop question says that no gold answer exists for it', async () => {
  await openAnswer(GENERATED);
  await expect(goldBlock()).toHaveAttribute('data-gold', 'none');
  await expect(goldBlock()).toContainText('No gold answer for this answer: it answers no multi-hop question');
  await page.screenshot({ path: `${SHOTS}none.png` });
});
