import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { JUDGES_FIXTURE, REFERENCE } from '../app/engine/judges/judges-reference';
import { AppPage } from './pages/app-page';

const SHOTS = '.scratch/judges';

/**
 * Judges and humans in the browser, on the generated log of app/engine/judges/ (a biased, noisy
 * LLM judge; human labels on a random sample), against the values its independent Python
 * computation printed (judges-reference.ts): the Agreement screen's Judges panel, a disagreement
 * opened for adjudication, the judge-corrected Tier 1 on Metrics and the label source setting.
 */
test('the judges panel, a judge\'s disagreement opened, the judge-corrected Tier 1 and labels=human', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open('?view=agreement');
  await app.openFiles(fileURLToPath(JUDGES_FIXTURE));

  const judges = page.getByTestId('agreement.judges');
  const kappa = judges.locator('[data-metric="judges.gpt-judge.relevance.kappa"]');
  await expect(kappa.first()).toHaveText(REFERENCE.kappa.toFixed(2));
  expect(Number(await kappa.first().getAttribute('data-value'))).toBeCloseTo(REFERENCE.kappa, 12);
  const binary = judges.locator('tr[data-role="all"] [data-metric="judges.gpt-judge.relevance.kappa_binary"]');
  expect(Number(await binary.getAttribute('data-value'))).toBeCloseTo(REFERENCE.kappa_binary, 12);
  for (const [role, { items, kappa: roleKappa }] of Object.entries(REFERENCE.by_role)) {
    const row = judges.locator(`tr[data-role="${role}"]`);
    await expect(row.getByRole('cell').nth(3)).toHaveText(String(items));
    expect(Number(await row.locator('[data-metric$=".kappa"]').getAttribute('data-value'))).toBeCloseTo(roleKappa, 12);
  }
  await expect(judges.getByTestId('agreement.confusion')).toContainText(`of ${REFERENCE.items} shared items`);
  await judges.screenshot({ path: `${SHOTS}/judges-panel.png` });

  const firstDisagreement = page.getByTestId('agreement.judge-disagreements').getByRole('listitem').first().getByRole('link');
  await firstDisagreement.click();
  await expect(page.getByTestId('agreement.item')).toHaveAttribute('data-item', /^retrieval\|r\d{3}\|a\d{3}-\d$/);
  await expect(page.getByTestId('agreement.item').getByTestId('agreement.labels').locator('li').filter({ hasText: 'gpt-judge' })).not.toHaveCount(0);

  await app.goTo('Metrics');
  await page.getByRole('spinbutton', { name: 'K' }).fill('5');
  const corrected = page.getByTestId('metrics.judges');
  await expect(corrected.getByRole('note')).toContainText('random sample');
  for (const [figure, expected] of Object.entries(REFERENCE.corrected)) {
    const estimate = corrected.getByTestId(`judges.corrected.${figure}.estimate`);
    await expect(estimate).toHaveText(expected.estimate.toFixed(3));
    expect(Number(await estimate.getAttribute('data-value'))).toBeCloseTo(expected.estimate, 9);
    await expect(corrected.getByTestId(`judges.corrected.${figure}.width`)).toHaveText((expected.ci_high - expected.ci_low).toFixed(3));
    await expect(corrected.getByTestId(`judges.human.${figure}.width`)).toHaveText((expected.human_ci_high - expected.human_ci_low).toFixed(3));
  }
  await corrected.screenshot({ path: `${SHOTS}/judge-corrected.png` });

  await page.getByLabel('Relevance labels').selectOption('human');
  await expect(page).toHaveURL(/[?&]labels=human(&|$)/);
  await expect(page.getByTestId('metrics.settings-caption')).toContainText('relevance labels: human only');
  await page.getByRole('region', { name: 'Metric settings' }).screenshot({ path: `${SHOTS}/settings.png` });
  const pAt1 = page.locator('[data-metric="tier1.p_at_1"]').first();
  await expect(pAt1).toHaveAttribute('data-value', String(REFERENCE.tier1_human.p_at_1));
  await expect(page.locator('[data-metric="tier1.judged"]').first()).toHaveAttribute('data-value', String(REFERENCE.tier1_human_judged));
});
