import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AppPage, samplePath } from './pages/app-page';

const BIN = path.resolve(import.meta.dirname, '../bin/retrieval-inspector.mjs');
const SAMPLE = 'customer-service.jsonl';

interface CalibrationSummary { cases: number; f1_threshold: number | null; recommended_threshold: number | null }
type GateCalibration = CalibrationSummary & { by_category: Record<string, CalibrationSummary> };

/** The command line's gate calibration on the same file: the same code, outside the browser. */
function cliCalibration(): GateCalibration {
  const out = execFileSync(process.execPath, [BIN, 'report', '--json', samplePath(SAMPLE)], { encoding: 'utf8' });
  return JSON.parse(out).gate.calibration;
}

test('the gate screen shows the report\'s calibration, flags the alarm weeks and exports the YAML config', async ({ page }) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await app.open('?view=gate');
  await app.loadFiles(SAMPLE);
  const recommended = page.locator('[data-metric="gate.calibration.recommended_threshold"]');
  await expect(recommended).toBeVisible();

  const calibration = cliCalibration();
  const expected: [string, number | null][] = [
    ['gate.calibration.cases', calibration.cases],
    ['gate.calibration.f1_threshold', calibration.f1_threshold],
    ['gate.calibration.recommended_threshold', calibration.recommended_threshold],
    ...Object.entries(calibration.by_category).flatMap(([category, row]) =>
      (['cases', 'f1_threshold', 'recommended_threshold'] as const).map((key): [string, number | null] => [`gate.calibration.by_category.${category}.${key}`, row[key]])),
  ];
  expect(Object.keys(calibration.by_category).length).toBeGreaterThan(1);
  for (const [keyPath, value] of expected) {
    await expect(page.locator(`[data-metric="${keyPath}"]`), keyPath).toHaveAttribute('data-value', value === null ? 'null' : String(value));
  }

  const alarmWeeks = await page.locator('tr[data-alarm="true"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-week')));
  expect(alarmWeeks).toEqual(['2026-W42', '2026-W43']);
  await expect(page.getByRole('alert').filter({ hasText: '2026-W42, 2026-W43' })).toBeVisible();
  await expect(page.locator('tr[data-week="2026-W42"]')).toHaveClass(/gate-alarm-row/);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download gate config (YAML)' }).click()]);
  expect(download.suggestedFilename()).toBe('gate-config.yaml');
  const yaml = readFileSync(await download.path(), 'utf8');
  expect(yaml).toContain(`  threshold: ${calibration.recommended_threshold}\n`);
  for (const [category, row] of Object.entries(calibration.by_category)) expect(yaml).toContain(`    ${category}:\n      threshold: ${row.recommended_threshold}\n`);
  expect(app.outsideRequests).toEqual([]);

  await expect(page.locator('[data-metric="gate.review.2026-W42.confidently_wrong_rate"]')).toHaveAttribute('data-value', '0.25');
  const review = page.getByTestId('gate.review');
  await expect(review.getByRole('row', { name: /2026-W42/ }).getByRole('cell').nth(2)).toHaveText(/ \/ 36$/);

  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test-results/screens/gate-full.png', fullPage: true });
  await review.screenshot({ path: 'test-results/screens/gate-review.png' });
  await page.getByTestId('gate.calibration').screenshot({ path: 'test-results/screens/gate-calibration.png' });
  await page.getByTestId('gate.feedback').screenshot({ path: 'test-results/screens/gate-feedback.png' });
  await page.getByTestId('gate.decisions').screenshot({ path: 'test-results/screens/gate-decisions.png' });
});

test('the gate screen says what to load when no gate, feedback or eval event is loaded', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('?view=gate');
  await expect(page.getByRole('heading', { name: 'No logs loaded' })).toBeVisible();
  await app.loadFiles('multihop-qa.json');
  await expect(page.getByTestId('gate.empty')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/gate-empty.png', fullPage: true });
});
