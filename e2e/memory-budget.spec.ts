import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { AppPage } from './pages/app-page';

const SESSIONS = 300;
const sessionId = (n: number) => `mb-${String(n).padStart(4, '0')}`;
const events = (from: number, to: number) => {
  const lines: string[] = [];
  for (let n = from; n < to; n++) {
    for (const turn of [1, 2]) {
      lines.push(JSON.stringify({ type: 'prompt', event_id: `${sessionId(n)}-${turn}`, ts: `2026-09-01T10:${String(n % 60).padStart(2, '0')}:0${turn}.000Z`, session_id: sessionId(n), text: `question ${turn} of session ${n}` }));
    }
  }
  return `${lines.join('\n')}\n`;
};

/** FNV-1a over UTF-16 code units, written here apart from the app's lib/hash.ts. */
function fnv(text: string): number {
  let hash = 2166136261;
  for (const char of text) {
    hash = (hash ^ char.charCodeAt(0)) >>> 0;
    hash = Number((BigInt(hash) * 16777619n) % 4294967296n);
  }
  return hash;
}

/** Two files: 200 sessions as text, 100 more gzipped; together above a 50 kB budget. */
function writeFiles(dir: string) {
  mkdirSync(dir, { recursive: true });
  const plain = `${dir}/budget-a.jsonl`;
  const text = events(0, 200);
  writeFileSync(plain, text);
  const gz = `${dir}/budget-b.jsonl.gz`;
  const gzText = events(200, SESSIONS);
  writeFileSync(gz, gzipSync(gzText));
  return { paths: [plain, gz], textBytes: statSync(plain).size + Buffer.byteLength(gzText) };
}

const sessionsStat = (page: Page) => page.locator('.stat').filter({ has: page.locator('.label', { hasText: /^sessions$/ }) }).locator('.value');

async function pickOverBudget(page: Page, paths: string[]) {
  const app = new AppPage(page);
  await page.addInitScript(() => window.localStorage.setItem('retrieval-inspector:memory-budget', '50kB'));
  await app.open('?view=overview');
  await page.getByLabel('Open log files').setInputFiles(paths);
  const choice = page.getByRole('dialog', { name: "These files may not fit in this tab's memory" });
  await expect(choice).toBeVisible();
  return { app, choice };
}

test('a file set over a small budget is held with the choices, and a sample loads every k-th session', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const { paths, textBytes } = writeFiles(testInfo.outputDir);
  const { app, choice } = await pickOverBudget(page, paths);
  // Nothing is loaded before the user chooses.
  await expect(app.status()).toHaveText('No logs loaded');
  // Text counts twice its size in memory; the gzip file counts at the size its trailer gives.
  const estimate = 2 * textBytes;
  await expect(choice.getByTestId('budget.estimate')).toHaveAttribute('data-bytes', String(estimate));
  await expect(choice.getByTestId('budget.limit')).toHaveAttribute('data-bytes', '50000');
  await expect(choice).toContainText('an estimate: compressed files are counted at the size they expand to');
  await expect(choice.getByTestId('budget.command')).toHaveText('npx retrieval-inspector report --engine native budget-a.jsonl budget-b.jsonl.gz');
  await expect(choice.getByRole('checkbox')).toHaveCount(2);
  await expect(choice.locator('label').filter({ hasText: 'budget-b.jsonl.gz' })).toContainText('once expanded, from the gzip trailer');
  // The files' choice starts with all checked: its total is the estimate's.
  await expect(choice.getByRole('button', { name: /^Load the 2 checked files/ })).toContainText((await choice.getByTestId('budget.estimate').textContent())!);
  await page.screenshot({ path: testInfo.outputPath('budget-choice.png') });

  const every = Math.ceil(estimate / 50_000);
  expect(every).toBeGreaterThan(1);
  await expect(choice.getByTestId('budget.sample')).toHaveAttribute('data-every', String(every));
  await choice.getByTestId('budget.sample').click();
  await expect(choice).toHaveCount(0);
  await app.idle();
  const expected = Array.from({ length: SESSIONS }, (_, n) => sessionId(n)).filter((id) => fnv(id) % every === 0).length;
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(SESSIONS);
  await expect(sessionsStat(page)).toHaveText(String(expected), { timeout: 30_000 });
  // Every event of a sampled session is kept: two prompts each.
  await expect(app.status()).toContainText(`Loaded ${expected * 2} events from 2 files`);
  // The dataset says it is a sample.
  await expect(page.getByTestId('budget.sampled')).toHaveText(`A sample: every ${every}th session ×`);
  // Nothing is left out in silence: each file says how many records of other sessions it left out.
  // The files table may render after the status line: wait for it rather than read it once.
  const notes = page.getByRole('table', { name: 'Loaded files' }).locator('tbody tr td:last-child');
  const leftOut = async () => (await notes.allTextContents())
    .map((note) => Number(/a sample: ([\d,]+) records? of other sessions left out/.exec(note)?.[1].replace(/,/g, '')))
    .reduce((sum, n) => sum + n, 0);
  await expect.poll(leftOut, { timeout: 30_000 }).toBe((SESSIONS - expected) * 2);
});

test('over the budget, "load all anyway" loads every session; "load only some files" loads the checked ones', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const { paths } = writeFiles(testInfo.outputDir);
  const { app, choice } = await pickOverBudget(page, paths);
  await choice.getByTestId('budget.anyway').click();
  await app.idle();
  await expect(sessionsStat(page)).toHaveText(String(SESSIONS), { timeout: 30_000 });

  await page.getByRole('button', { name: 'Clear' }).click();
  await app.idle();
  await page.getByLabel('Open log files').setInputFiles(paths);
  await choice.getByRole('checkbox', { name: /budget-a\.jsonl/ }).uncheck();
  await choice.getByRole('button', { name: /^Load the 1 checked file/ }).click();
  await app.idle();
  await expect(sessionsStat(page)).toHaveText('100', { timeout: 30_000 });
});

test('a gzip bomb is held before anything expands, and Cancel loads nothing', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  mkdirSync(testInfo.outputDir, { recursive: true });
  const bomb = `${testInfo.outputDir}/zeros.jsonl.gz`;
  const zeros = 20_000_000;
  writeFileSync(bomb, gzipSync(Buffer.alloc(zeros)));
  const { app, choice } = await pickOverBudget(page, [bomb]);
  await expect(choice.getByTestId('budget.estimate')).toHaveAttribute('data-bytes', String(2 * zeros));
  await choice.getByRole('button', { name: 'Cancel' }).click();
  await expect(choice).toHaveCount(0);
  await app.idle();
  await expect(app.status()).toHaveText('No logs loaded');
});
