import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppPage, samplePath } from './pages/app-page';

const BIN = path.resolve(import.meta.dirname, '../bin/retrieval-inspector.mjs');
const LOGS = ['creative-assistant.jsonl', 'creative-labels.csv', 'customer-service.jsonl'];
const SAMPLED = 12;

test.describe.configure({ mode: 'serial' });

let page: Page;
let app: AppPage;
const dir = mkdtempSync(path.join(tmpdir(), 'ri-summary-e2e-'));
const summaryFile = path.join(dir, 'summary.parquet');
const sampleFile = path.join(dir, 'sample.parquet');

test.beforeAll(async ({ browser }) => {
  // What a user runs over a week of logs too large for a tab: the summary of every session, and a sample of whole ones.
  execFileSync(process.execPath, [BIN, 'export', '--sessions-summary', summaryFile, '--sample-sessions', String(SAMPLED), sampleFile, ...LOGS.map(samplePath)], { encoding: 'utf8' });
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  app = new AppPage(page);
  await app.open();
  await app.openFiles([summaryFile, sampleFile]);
});
test.afterAll(async () => {
  await page.close();
  rmSync(dir, { recursive: true, force: true });
});

const panel = () => page.getByRole('region', { name: 'Summary of the full dataset' });
const table = () => panel().getByRole('table', { name: 'Sessions of the full dataset' });

test('the Overview shows the summary of every session, the sampled ones linked', async () => {
  await app.goTo('Overview');
  await expect(panel().getByRole('heading', { name: 'Summary of the full dataset (1,001 sessions, from the command line)' })).toBeVisible();
  await expect(panel()).toContainText(`${SAMPLED} sessions with events loaded here (linked).`);
  await expect(panel()).toContainText('The first 200 in the chosen order are shown.');
  await expect(table().getByRole('row')).toHaveCount(201);
  await expect(table().getByRole('columnheader', { name: 'events' })).toHaveAttribute('aria-sort', 'descending');
  // The sample's sessions are in the summary and linked; the others are not links.
  await table().getByRole('button', { name: 'masked' }).click();
  await expect(table().getByRole('columnheader', { name: 'masked' })).toHaveAttribute('aria-sort', 'descending');
  const firstMasked = Number((await table().getByRole('row').nth(1).getByRole('cell').nth(10).textContent())?.replace(/,/g, ''));
  const lastMasked = Number((await table().getByRole('row').nth(200).getByRole('cell').nth(10).textContent())?.replace(/,/g, ''));
  expect(firstMasked).toBeGreaterThan(0);
  expect(firstMasked).toBeGreaterThanOrEqual(lastMasked);
  await panel().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/full-dataset-summary.png' });
});

test('a sampled session opens in the inspector from the summary', async () => {
  await panel().getByLabel('only the sessions with events loaded').check();
  await expect(table().getByRole('row')).toHaveCount(1 + SAMPLED);
  await expect(table().getByRole('link')).toHaveCount(SAMPLED);
  const link = table().getByRole('link').first();
  await expect(link).toBeVisible();
  const id = (await link.textContent()) ?? '';
  await link.click();
  await expect(page.getByRole('region', { name: `Session ${id}` })).toBeVisible({ timeout: 30_000 });
});

test('the download holds every session of the summary', async () => {
  await app.goTo('Overview');
  const download = page.waitForEvent('download');
  await page.getByTestId('table-download.full-dataset-sessions.csv').click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray();
  const lines = Buffer.concat(text).toString('utf8').trim().split('\r\n');
  expect(lines).toHaveLength(1 + 1001);
  expect(lines[0].split(',').slice(0, 3)).toEqual(['session_id', 'user_id', 'surface']);
});
