import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppPage, samplePath } from './pages/app-page';
import { parseCsv } from './csv';

const SCREENS = 'test-results/screens';
const FORMULA = '=HYPERLINK("http://example.invalid/x","open me")';

/** A log whose second line is a spreadsheet formula, not JSON: a rejected row whose raw text starts with "=". */
function formulaLog(): string {
  const retrieval = { type: 'retrieval', event_id: 'fx-1', ts: '2026-10-05T10:00:00Z', session_id: 'fx-s1', retrieval_id: 'fx-r1', query: 'q', returned_asset_ids: ['a'] };
  return `${JSON.stringify(retrieval)}\n${FORMULA}\n`;
}

/** What a spreadsheet-safe CSV must hold for a shown text cell. */
const neutralized = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
/** "—" and "(empty)" stand for nothing on screen; a download writes them as empty cells. */
const shownValue = (cell: string) => (cell === '—' || cell === '(empty)' ? '' : cell);

test.describe.configure({ mode: 'serial' });

let page: Page;

async function saved(testId: string): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  return readFileSync(await (await download).path(), 'utf8');
}

const jsonl = (text: string) => text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

/** The text of each cell of a table's body rows. */
const cellTexts = (table: Locator) => table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));

/** Goes to a view inside the app, as a link would (the loaded logs live in this tab only). */
async function goToView(search: string) {
  await page.evaluate((href) => {
    window.history.pushState(null, '', href);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, search);
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  const formula = path.join(mkdtempSync(path.join(tmpdir(), 'table-download-')), 'formula.jsonl');
  writeFileSync(formula, formulaLog());
  const app = new AppPage(page);
  await app.open();
  const samples = ['creative-assistant.jsonl', 'creative-labels.csv', 'asset-catalog.jsonl.gz', 'multihop-qa.json', 'customer-service.jsonl', 'malformed.jsonl'];
  await app.openFiles([...samples.map(samplePath), formula]);
});

test.afterAll(() => page.close());

test('rejected rows: the download holds the filtered rows and shown columns; a formula cell is neutralized in CSV only', async () => {
  await goToView('?view=rejected');
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('rejected');
  const table = page.getByRole('table', { name: 'Rejected rows' });
  // the rows of the last filter stay until the new ones arrive: wait for every row to be of the new kind
  await expect.poll(async () => [...new Set((await cellTexts(table)).map((cells) => cells[2]))]).toEqual(['rejected']);
  const shown = await cellTexts(table);
  const formulaRow = shown.find((cells) => cells[0] === 'formula.jsonl');
  expect(formulaRow?.[6]).toBe(FORMULA);
  await page.screenshot({ path: `${SCREENS}/table-download-rejected.png`, fullPage: true });

  const headers = await table.locator('thead th').allTextContents();
  const csv = parseCsv(await saved('table-download.rejected-rows.csv'));
  expect(csv[0]).toEqual(headers);
  expect(csv.slice(1)).toEqual(shown.map((cells) => cells.map((cell) => neutralized(shownValue(cell)))));
  expect(csv.slice(1).find((cells) => cells[0] === 'formula.jsonl')?.[6]).toBe(`'${FORMULA}`);

  const lines = jsonl(await saved('table-download.rejected-rows.jsonl'));
  expect(lines.map((line) => headers.map((header) => String(line[header] ?? '')))).toEqual(shown.map((cells) => cells.map(shownValue)));
  expect(lines.find((line) => line.file === 'formula.jsonl')?.['raw text']).toBe(FORMULA);
});

test('cross-session completions: the download is the table, the "Open lineage" buttons aside', async () => {
  await goToView('?view=lineage');
  const table = page.getByRole('table', { name: 'Cross-session completions' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const shown = (await cellTexts(table)).map((cells) => cells.slice(0, -1));
  const headers = (await table.locator('thead th').allTextContents()).slice(0, -1);
  const csv = parseCsv(await saved('table-download.cross-session-completions.csv'));
  expect(csv[0]).toEqual(headers);
  expect(csv.slice(1)).toEqual(shown.map((cells) => cells.map(neutralized)));
  expect(csv.length - 1).toBe(Number(await page.getByRole('region', { name: 'Cross-session completions' }).locator('h2 .badge').textContent()));
});

test('question runs: the download is the table, the question as its id and its text, counts as numbers', async () => {
  await goToView('?view=questions');
  const table = page.getByRole('table', { name: 'Question runs' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const shown = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => {
    const [question, ...rest] = [...row.querySelectorAll('td')];
    return [question.querySelector('a')?.textContent ?? '', question.querySelector('.question-text')?.textContent ?? '', ...rest.map((cell) => cell.textContent ?? '')];
  }));
  const csv = parseCsv(await saved('table-download.question-runs.csv'));
  expect(csv[0]).toEqual(['Question', 'Question text', ...(await table.locator('thead th').allTextContents()).slice(1)]);
  expect(csv.slice(1)).toEqual(shown.map((cells) => cells.map((cell) => neutralized(cell === '·' ? '0' : shownValue(cell)))));
  await page.screenshot({ path: `${SCREENS}/table-download-questions.png` });
});

test('the review sample and the disagreement list download as listed', async () => {
  await goToView('?view=review');
  const queue = page.locator('.review-queue');
  await expect(queue.locator('a[data-response]').first()).toBeVisible();
  const listed = await queue.locator('a[data-response]').evaluateAll((links) => links.map((link) => [
    link.querySelector('.review-queue-index')?.textContent ?? '',
    link.querySelector('.review-queue-text')?.textContent ?? '',
    link.querySelector('.badge')?.textContent ?? '',
  ]));
  const week = (await queue.locator('h2').textContent())!;
  const sample = parseCsv(await saved(`table-download.review-sample-${week}.csv`));
  expect(sample).toEqual([['#', 'question', 'verdict'], ...listed.map((cells) => cells.map(neutralized))]);
  await page.screenshot({ path: `${SCREENS}/table-download-review.png` });

  await goToView('?view=agreement');
  const list = page.getByTestId('agreement.disagreements');
  await expect(list.locator('a[data-item]').first()).toBeVisible();
  const items = await list.locator('a[data-item]').evaluateAll((links) => links.map((link) => {
    const [target, asset] = [...link.querySelectorAll('.agreement-list-target > span')].map((span) => span.textContent ?? '');
    const votes = [...link.querySelectorAll('.agreement-vote')].map((vote) => vote.textContent ?? '').join(', ');
    return [target, (asset ?? '').replace(/^ · /, ''), votes, link.querySelector(':scope > .badge')?.textContent ?? ''];
  }));
  const disagreements = parseCsv(await saved('table-download.disagreements-relevance.csv'));
  expect(disagreements).toEqual([['item', 'asset', 'votes', 'adjudicated'], ...items.map((cells) => cells.map(neutralized))]);
  await page.screenshot({ path: `${SCREENS}/table-download-agreement.png` });
});
