import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppPage } from './pages/app-page';

/**
 * Drift flags, answer against gold and feedback in the session inspector, on
 * sample-logs/multihop-qa.json (worked from the file, see docs/metrics.md "Search drift"):
 * - mh-baseline-q01: r-100001 “Harbor Ledger history” (event mh-e0017) carries no subquestion_id
 *   → orphan query; r-100003 “Marguerite Okafor husband” (mh-e0021) names q07's entity → entity
 *   drift; r-100002 (mh-e0018) is clean; gold p-002 was returned only in the registry run → not
 *   asked, shown on the answer (mh-e0023). The answer “Daniel Okafor” differs from the gold
 *   “Clara Hartwell”; sq-q01-b1 rests on p-001 (gold), sq-q01-b2 on p-004 (not gold): some
 *   evidence is gold, so docs/metrics.md's insufficient_evidence does not fire, yet the check is not green.
 * - mh-baseline-q04: sq-q04-b2 goes pending → resolved (mh-e0051, skipped active); sq-q04-b3 stays
 *   pending (mh-e0047, never activated); no answer, so the not-asked p-013 stays with the question.
 * - mh-registry-q01 answers “Clara Hartwell” on p-001 and p-002, both gold: match, passes.
 * - mh-registry-q06 answers “Agatha Crane” (gold “Mirela Dunstan”) on p-018 (gold) and p-020 (not gold).
 */
test.describe.configure({ mode: 'serial' });

const SCREENS = 'test-results/screens';
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
  const app = new AppPage(page);
  await app.open('?view=questions');
  await app.loadFiles('multihop-qa.json', 'asset-catalog.jsonl.gz');
});

test.afterAll(async () => {
  await page.close();
});

/** From the question list to the question-run, then to its session, by links only. */
async function openSession(question: string, run: string): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Questions/ }).click();
  const allQuestions = page.getByRole('button', { name: '← All questions' });
  if (await allQuestions.isVisible()) await allQuestions.click();
  await page.getByRole('table', { name: 'Question runs' }).locator(`tr[data-question="${question}"][data-run="${run}"]`).getByRole('link').click();
  const sessionId = `mh-${run}-${question}`;
  await page.getByRole('region', { name: `Question ${question} in run ${run}` }).getByRole('link', { name: sessionId }).click();
  const session = page.getByRole('region', { name: `Session ${sessionId}`, exact: true });
  await expect(session.locator('.event').first()).toBeVisible();
  return session;
}

const eventOf = (session: Locator, eventId: string) => session.locator(`li.event[data-event-id="${eventId}"]`);
const driftOf = (event: Locator) => event.getByRole('list', { name: 'Drift flags' }).getByRole('listitem');
const questionBlock = (session: Locator, question: string, run: string) =>
  session.getByRole('region', { name: 'Multi-hop questions in this session' }).getByRole('article', { name: `Question ${question} in run ${run}` });

test('drift flags sit on the events they concern, the answer beside its gold answer', async () => {
  const session = await openSession('q01', 'baseline');
  const orphan = driftOf(eventOf(session, 'mh-e0017'));
  await expect(orphan).toHaveCount(1);
  await expect(orphan).toHaveAttribute('data-drift', 'orphan_query');
  await expect(orphan).toContainText('Orphan query');
  await expect(orphan).toContainText('carries no subquestion_id');

  const drifting = driftOf(eventOf(session, 'mh-e0021'));
  await expect(drifting).toHaveCount(1);
  await expect(drifting).toHaveAttribute('data-drift', 'entity_drift');
  await expect(drifting).toContainText('names “Marguerite Okafor” (an entity of q07)');

  await expect(driftOf(eventOf(session, 'mh-e0018'))).toHaveCount(0);
  await expect(session.locator('li.event-subquestion [data-drift]')).toHaveCount(0);

  const answer = eventOf(session, 'mh-e0023');
  await expect(driftOf(answer)).toHaveCount(1);
  await expect(driftOf(answer)).toHaveAttribute('data-drift', 'not_asked');
  await expect(driftOf(answer)).toContainText('Gold passage p-002 was not returned in this run');
  const check = answer.getByTestId('answer.check');
  await expect(check).toHaveAttribute('data-verdict', 'differs');
  await expect(check).toContainText('gold answer “Clara Hartwell”');
  await expect(check).toContainText('differs from gold');
  await expect(session.locator('[data-flag="drift flag"]')).toHaveText('3 drift flags');
  // the count steps through the flagged events in timeline order: e0017, e0021, the answer e0023, then e0017 again
  const driftChip = session.getByRole('button', { name: /^3 drift flags/ });
  for (const [index, id] of ['mh-e0017', 'mh-e0021', 'mh-e0023', 'mh-e0017'].entries()) {
    await driftChip.click();
    await expect(eventOf(session, id)).toHaveClass(/is-target/);
    await expect(driftChip).toHaveText(`3 drift flags · ${(index % 3) + 1}/3`);
  }

  const block = questionBlock(session, 'q01', 'baseline');
  await expect(block.getByTestId('answer.check')).toContainText('answer “Daniel Okafor”');
  const verdict = block.getByTestId('sufficiency.verdict');
  await expect(verdict).toHaveAttribute('data-state', 'answer_differs');
  await expect(verdict).toContainText('Sufficiency check: answer differs from gold.');
  await expect(verdict).not.toHaveClass(/tone-good/);
  await expect(block.locator('[data-evidence="p-001"]')).toHaveText('p-001 gold');
  await expect(block.locator('[data-evidence="p-004"]')).toHaveText('p-004 not gold');
  await page.screenshot({ path: `${SCREENS}/session-drift-q01-baseline.png` });
});

test('a drift mark opens the question-run’s registry at the flagged retrieval; its checklist is not green', async () => {
  const session = page.getByRole('region', { name: 'Session mh-baseline-q01', exact: true });
  await driftOf(eventOf(session, 'mh-e0017')).getByRole('link', { name: 'registry timeline →' }).click();
  await expect(page).toHaveURL(/view=questions&question=q01&run=baseline#retrieval-r-100001$/);
  await expect(page.getByRole('heading', { name: 'q01 · run baseline' })).toBeVisible();
  await expect(page.getByRole('img', { name: /registry of q01 in run baseline/ })).toBeVisible();
  await expect(page.locator('.query-item.is-target')).toContainText('Harbor Ledger history');

  const header = page.getByRole('region', { name: 'Question q01 in run baseline' });
  await expect(header.getByTestId('answer.check')).toHaveAttribute('data-verdict', 'differs');
  const checklist = page.getByRole('region', { name: 'Sufficiency checklist' });
  await expect(checklist.locator('li[data-subquestion="sq-q01-b1"] [data-evidence="p-001"]')).toContainText('gold');
  await expect(checklist.locator('li[data-subquestion="sq-q01-b2"] [data-evidence="p-004"]')).toContainText('not gold');
  await expect(checklist.locator('li[data-subquestion="sq-q01-b2"]')).not.toHaveClass(/tone-good/);
  const verdict = checklist.getByTestId('sufficiency.verdict');
  await expect(verdict).toHaveAttribute('data-state', 'answer_differs');
  await expect(verdict).toContainText('Answer differs from gold: The answer “Daniel Okafor” differs from the gold answer “Clara Hartwell”');
  await expect(verdict).not.toContainText('Passes');
  await checklist.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/questions-q01-baseline-checklist.png` });

  // and back: the flag's session link opens the session at the flagged event
  const entity = page.getByRole('region', { name: 'Flags' }).locator('.flag-item[data-kind="entity_drift"]');
  await entity.getByRole('link', { name: 'session' }).click();
  await expect(page).toHaveURL(/view=sessions&session=mh-baseline-q01#event-mh-e0021$/);
  await expect(eventOf(session, 'mh-e0021')).toHaveClass(/is-target/);
  await expect(eventOf(session, 'mh-e0021')).toBeInViewport();
});

test('sub-question flags sit on the registry states that raised them; an unanswered question keeps its evidence flag', async () => {
  const session = await openSession('q04', 'baseline');
  await expect(driftOf(eventOf(session, 'mh-e0051'))).toHaveAttribute('data-drift', 'skipped_active');
  await expect(driftOf(eventOf(session, 'mh-e0047'))).toHaveAttribute('data-drift', 'never_activated');
  await expect(driftOf(eventOf(session, 'mh-e0045'))).toHaveCount(0);

  const block = questionBlock(session, 'q04', 'baseline');
  await expect(block).toContainText('Not answered in this run.');
  await expect(block.getByTestId('sufficiency.verdict')).toHaveAttribute('data-state', 'unanswered');
  const loose = block.getByRole('list', { name: 'Drift flags of q04 with no event' }).getByRole('listitem');
  await expect(loose).toHaveCount(1);
  await expect(loose).toHaveAttribute('data-drift', 'not_asked');
  await expect(loose).toContainText('p-013');
  await page.screenshot({ path: `${SCREENS}/session-drift-q04-baseline.png` });

  await driftOf(eventOf(session, 'mh-e0051')).getByRole('link', { name: 'registry timeline →' }).click();
  await expect(page).toHaveURL(/question=q04&run=baseline#subquestion-sq-q04-b2$/);
  await expect(page.locator('#subquestion-sq-q04-b2')).toHaveClass(/is-target/);
});

test('a right answer on gold evidence passes; a wrong one on partly gold evidence does not', async () => {
  const right = await openSession('q01', 'registry');
  const rightBlock = questionBlock(right, 'q01', 'registry');
  await expect(rightBlock.getByTestId('answer.check')).toHaveAttribute('data-verdict', 'match');
  await expect(rightBlock.getByTestId('sufficiency.verdict')).toHaveAttribute('data-state', 'passes');
  await expect(rightBlock.getByTestId('sufficiency.verdict')).toHaveClass(/tone-good/);
  await expect(right.locator('[data-drift]')).toHaveCount(0);

  const wrong = await openSession('q06', 'registry');
  const wrongBlock = questionBlock(wrong, 'q06', 'registry');
  await expect(wrongBlock.getByTestId('answer.check')).toHaveAttribute('data-verdict', 'differs');
  await expect(wrongBlock.getByTestId('answer.check')).toContainText('gold answer “Mirela Dunstan”');
  await expect(wrongBlock.locator('[data-evidence="p-020"]')).toHaveText('p-020 not gold');
  await expect(wrongBlock.getByTestId('sufficiency.verdict')).toHaveAttribute('data-state', 'answer_differs');

  await wrongBlock.getByRole('link', { name: 'checklist →' }).click();
  await expect(page).toHaveURL(/question=q06&run=registry#sufficiency$/);
  const checklist = page.getByRole('region', { name: 'Sufficiency checklist' });
  await expect(checklist.locator('li[data-subquestion="sq-q06-r2"] [data-evidence="p-020"]')).toContainText('not gold');
  await expect(checklist.getByTestId('sufficiency.verdict')).toHaveAttribute('data-state', 'answer_differs');
  await expect(checklist.getByTestId('sufficiency.verdict')).not.toHaveClass(/tone-good/);
  await page.screenshot({ path: `${SCREENS}/questions-q06-registry-checklist.png`, fullPage: true });
});

/**
 * A small log of its own: a response with a thumbs-down and a reviewer's verdict, the answer to a
 * question with no gold answer and no gold passages.
 */
const FEEDBACK_LOG = [
  { type: 'question', question_id: 'fx-q', text: 'When did the Alder mill close?' },
  { type: 'prompt', event_id: 'fx-p1', ts: '2026-10-20T10:00:00Z', session_id: 'fx-1', turn_id: 't1', request_id: 'rq1', user_id: 'u-7', text: 'When did the Alder mill close?' },
  { type: 'subquestion', event_id: 'fx-s1', ts: '2026-10-20T10:00:01Z', session_id: 'fx-1', turn_id: 't1', question_id: 'fx-q', subquestion_id: 'fx-a', status: 'active', text: 'Closing year' },
  { type: 'subquestion', event_id: 'fx-s2', ts: '2026-10-20T10:00:03Z', session_id: 'fx-1', turn_id: 't1', question_id: 'fx-q', subquestion_id: 'fx-a', status: 'resolved', evidence_ids: ['p-x'] },
  { type: 'response', event_id: 'fx-r1', ts: '2026-10-20T10:00:05Z', session_id: 'fx-1', turn_id: 't1', request_id: 'rq1', question_id: 'fx-q', text: 'It closed in 1931.' },
  { type: 'feedback', event_id: 'fx-f1', ts: '2026-10-20T10:00:30Z', session_id: 'fx-1', turn_id: 't1', user_id: 'u-7', rating: 'down', target_event_id: 'fx-r1', comment: 'wrong year' },
  { type: 'label', kind: 'answer_review', annotator: 'ann-rita', ts: '2026-10-21T09:00:00Z', target_event_id: 'fx-r1', verdict: 'wrong', note: 'closed in 1958' },
];

test('a thumbs-down shows on the response it names, with who gave it; the feedback links back; the verdict names its reviewer', async ({ browser }) => {
  const own = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'session-drift-')), 'feedback.jsonl');
  writeFileSync(file, FEEDBACK_LOG.map((event) => JSON.stringify(event)).join('\n'));
  const app = new AppPage(own);
  await app.open('?view=sessions&session=fx-1');
  await app.openFiles(file);

  const session = own.getByRole('region', { name: 'Session fx-1', exact: true });
  const response = eventOf(session, 'fx-r1');
  const feedback = response.getByRole('list', { name: 'Feedback on this response' }).getByRole('listitem');
  await expect(feedback).toHaveCount(1);
  await expect(feedback).toHaveAttribute('data-rating', 'down');
  await expect(feedback).toContainText('thumbs down');
  await expect(feedback).toContainText('by u-7');
  await expect(feedback).toContainText('“wrong year”');
  await expect(response.locator('.verdict-line')).toContainText('wrong');
  await expect(response.getByLabel('Labels of the review of fx-r1')).toContainText('ann-rita: wrong');
  await expect(response.getByTestId('answer.check')).toHaveAttribute('data-verdict', 'no_gold');
  await expect(questionBlock(session, 'fx-q', '(no run)').getByTestId('sufficiency.verdict')).toHaveAttribute('data-state', 'passes_unchecked');

  await eventOf(session, 'fx-f1').getByRole('link', { name: 'the response at 10:00:05 ↑' }).click();
  await expect(own).toHaveURL(/#event-fx-r1$/);
  await expect(response).toHaveClass(/is-target/);
  await feedback.getByRole('link', { name: 'feedback at 10:00:30 ↓' }).click();
  await expect(eventOf(session, 'fx-f1')).toHaveClass(/is-target/);
  await own.screenshot({ path: `${SCREENS}/session-feedback.png` });
  await own.close();
});
