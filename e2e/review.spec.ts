import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { AppPage, samplePath } from './pages/app-page';

const SAMPLE = 'customer-service.jsonl';
const CATALOG = 'asset-catalog.jsonl.gz';
const WEEK = '2026-W42';

/** ISO-8601 week of a UTC time, written here independently of the app's SQL (strftime %G-W%V). */
function isoWeek(ts: string): string {
  const date = new Date(ts);
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  day.setUTCDate(day.getUTCDate() + 3 - ((day.getUTCDay() + 6) % 7));
  const firstThursday = new Date(Date.UTC(day.getUTCFullYear(), 0, 4));
  const week = 1 + Math.round(((day.getTime() - firstThursday.getTime()) / 86_400_000 - 3 + ((firstThursday.getUTCDay() + 6) % 7)) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The week's answer reviews in the file: each reviewed response has one label there, so its verdict is that label's. */
function reviewsOfWeek(week: string) {
  const events = readFileSync(samplePath(SAMPLE), 'utf8').split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line));
  const weekOf = new Map(events.filter((event) => event.type === 'response').map((event) => [event.event_id, isoWeek(event.ts)]));
  const labels = events.filter((event) => event.type === 'label' && event.kind === 'answer_review' && weekOf.get(event.target_event_id) === week);
  expect(new Set(labels.map((label) => label.target_event_id)).size).toBe(labels.length);
  return { reviewed: labels.length, wrong: labels.filter((label) => label.verdict === 'wrong').length };
}

test('a verdict given by keyboard moves the week\'s confidently-wrong rate, undo moves it back, and the answer opens its session', async ({ page }) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await app.open(`?view=review&week=${WEEK}`);
  await app.loadFiles(SAMPLE, CATALOG);

  const metric = (key: string) => page.locator(`[data-metric="review.by_week.${WEEK}.${key}"]`);
  const before = reviewsOfWeek(WEEK);
  expect(before.reviewed).toBeGreaterThan(0);
  await expect(metric('reviewed')).toHaveAttribute('data-value', String(before.reviewed));
  await expect(metric('wrong')).toHaveAttribute('data-value', String(before.wrong));
  await expect(metric('confidently_wrong_rate')).toHaveAttribute('data-value', String(before.wrong / before.reviewed));

  // The open answer is the first of the week's sample without a verdict: question, context, gate and answer.
  const item = page.getByTestId('review.item');
  await expect(item.getByRole('region', { name: 'Question' }).locator('blockquote')).not.toBeEmpty();
  // the support knowledge base's titles come from the catalog file
  await expect(item.getByRole('region', { name: 'Retrieved context' }).locator('.review-asset strong').first()).not.toHaveClass(/mono/);
  await expect(page.getByTestId('review.gate')).toContainText('answer');
  await expect(page.getByTestId('review.verdicts')).toContainText('No verdict yet.');
  const responseId = (await item.getAttribute('data-response'))!;
  // Name yourself once, by keyboard too.
  await page.getByLabel('Annotator name').fill('e2e reviewer');
  await page.getByLabel('Annotator name').press('Enter');
  await expect(page.getByRole('radiogroup', { name: 'Verdict' })).toBeVisible();
  const progress = page.getByTestId(`review.progress.${WEEK}`);
  const [done, size] = (await progress.textContent())!.split(' / ').map(Number);

  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('give the verdict');
  await page.screenshot({ path: 'test-results/screens/review-shortcuts.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // 2 gives "wrong" at once (verdicts are 1–4, as on Agreement); the note typed then goes with it on Ctrl+Enter.
  await page.keyboard.press('2');
  await expect(page.getByRole('radio', { name: /wrong/ })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('.');
  await page.keyboard.type('states the wrong fee');
  await page.keyboard.press('Control+Enter');

  // Unreviewed before, so the verdict adds one reviewed and one wrong answer to the week.
  await expect(metric('confidently_wrong_rate')).toHaveAttribute('data-value', String((before.wrong + 1) / (before.reviewed + 1)));
  await expect(metric('reviewed')).toHaveAttribute('data-value', String(before.reviewed + 1));
  await expect(progress).toHaveText(`${done + 1} / ${size}`);
  await expect(item).not.toHaveAttribute('data-response', responseId);
  const entry = page.getByRole('navigation', { name: `Sample of ${WEEK}` }).locator(`a[data-response="${responseId}"]`);
  await expect(entry.locator('.verdict-badge')).toHaveText('wrong');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test-results/screens/review.png', fullPage: true });

  // Undo takes the verdict (with its note) back and reopens the answer, its note still typed.
  await page.keyboard.press('z');
  await expect(metric('confidently_wrong_rate')).toHaveAttribute('data-value', String(before.wrong / before.reviewed));
  await expect(item).toHaveAttribute('data-response', responseId);
  await expect(page.getByRole('radio', { name: /wrong/ })).toHaveAttribute('aria-checked', 'false');
  await expect(item.getByRole('textbox')).toHaveValue('states the wrong fee');
  await expect(page.getByTestId('review.verdicts')).toContainText('No verdict yet.');

  const sessionLink = item.getByRole('link', { name: /^Open session / });
  const session = (await sessionLink.textContent())!.replace('Open session ', '');
  await sessionLink.click();
  await expect(page).toHaveURL(new RegExp(`view=sessions.*session=${encodeURIComponent(session)}`));
  await expect(page.getByRole('region', { name: `Session ${session}`, exact: true }).locator('.turn').first()).toBeVisible();
  expect(app.outsideRequests).toEqual([]);
});

/** One answered request, reviewed already: the whole week's sample has a verdict. */
const REVIEWED_WEEK = [
  { type: 'prompt', event_id: 'x-p', ts: '2026-11-17T10:00:00Z', session_id: 'x-s', turn_id: 'x-t', request_id: 'x-q', text: 'Is it done?' },
  { type: 'gate', event_id: 'x-g', ts: '2026-11-17T10:00:01Z', session_id: 'x-s', turn_id: 'x-t', request_id: 'x-q', decision: 'answer', dense_score: 0.7 },
  { type: 'response', event_id: 'x-r', ts: '2026-11-17T10:00:02Z', session_id: 'x-s', turn_id: 'x-t', request_id: 'x-q', text: 'Yes.' },
  { type: 'label', event_id: 'x-l', kind: 'answer_review', annotator: 'qa', target_event_id: 'x-r', verdict: 'correct' },
].map((event) => JSON.stringify(event)).join('\n');

test('the review says when nothing was answered, and when a week is fully reviewed', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('?view=review');
  await app.loadFiles('multihop-qa.json');
  await expect(page.getByTestId('review.empty')).toContainText('No answered responses to review');
  await page.screenshot({ path: 'test-results/screens/review-empty.png' });

  await page.getByLabel('Open log files').setInputFiles({ name: 'reviewed-week.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(REVIEWED_WEEK) });
  await app.answerOpen('add');
  await expect(page.getByTestId('review.done')).toContainText('2026-W47 is fully reviewed');
  await expect(page.getByTestId('review.progress.2026-W47')).toHaveText('1 / 1');
  await expect(page.locator('[data-metric="review.by_week.2026-W47.confidently_wrong_rate"]')).toHaveAttribute('data-value', '0');
  await page.screenshot({ path: 'test-results/screens/review-done.png', fullPage: true });
  await page.getByRole('button', { name: "Read the week's answers" }).click();
  await expect(page.getByTestId('review.item')).toHaveAttribute('data-response', 'x-r');
  await expect(page.getByTestId('review.verdicts')).toContainText('qa');
});
