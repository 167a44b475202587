import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './pages/app-page';

const SCREENS = 'test-results/screens';

const metric = (page: Page, key: string) => page.locator(`[data-metric="drift.${key}"]`);
const flagItems = (page: Page, kind: string) => page.getByRole('region', { name: 'Flags' }).locator(`.flag-item[data-kind="${kind}"]`);

let page: Page;
let app: AppPage;

/** These tests only read the Questions screen on one multi-hop log: they share one page, loaded once. */
test.describe('the multi-hop log, loaded once', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    app = await AppPage.openNew(browser, '?view=questions');
    page = app.page;
    await app.loadFiles('multihop-qa.json', 'asset-catalog.jsonl.gz');
  });

  test.afterAll(() => page.close());

  test('lists every question per run with its drift counts, filtered by flag and by run', async () => {
    await expect(page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Questions' })).toHaveAttribute('aria-current', 'page');
    const expected = { questions: 24, orphan_query: 5, entity_drift: 3, skipped_active: 2, resolved_without_evidence: 2, retired_without_reason: 2,
      never_activated: 3, missing_evidence: 11, not_asked: 7, unreachable: 4, insufficient_evidence: 3 };
    for (const [key, value] of Object.entries(expected)) await expect(metric(page, key)).toHaveAttribute('data-value', String(value));

    const table = page.getByRole('table', { name: 'Question runs' });
    await expect(table.locator('tbody tr')).toHaveCount(24);
    await page.screenshot({ path: `${SCREENS}/questions-list.png`, fullPage: true });

    await page.getByRole('combobox', { name: 'Flag' }).selectOption('entity_drift');
    await expect(page).toHaveURL(/flag=entity_drift/);
    await expect(table.locator('tbody tr')).toHaveCount(3);
    await page.getByRole('combobox', { name: 'Run' }).selectOption('registry');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr')).toHaveAttribute('data-question', 'q04');

    await table.getByRole('link', { name: 'q04' }).click();
    await expect(page).toHaveURL(/question=q04&run=registry/);
    await expect(page.getByRole('heading', { name: 'q04 · run registry' })).toBeVisible();
  });

  const FLAGGED_QUESTIONS: { question: string; run: string; kinds: Record<string, RegExp> }[] = [
    { question: 'q01', run: 'baseline', kinds: { orphan_query: /carries no subquestion_id/, entity_drift: /names “Marguerite Okafor” \(an entity of q07\)/, not_asked: /p-002 was not returned/ } },
    { question: 'q02', run: 'baseline', kinds: { orphan_query: /ran while sq-q02-b2 was pending/ } },
    { question: 'q03', run: 'baseline', kinds: { resolved_without_evidence: /resolved at .* no evidence_ids/, insufficient_evidence: /resolved without evidence_ids/ } },
    { question: 'q04', run: 'baseline', kinds: { skipped_active: /from pending .* to resolved .* without being active/, never_activated: /last state is pending/ } },
    { question: 'q05', run: 'baseline', kinds: { retired_without_reason: /retired at .* without a reason/, orphan_query: /was resolved/ } },
    { question: 'q10', run: 'baseline', kinds: { unreachable: /p-031 was returned by no retrieval/ } },
  ];

  test('opens a question with each kind of flag: the flag, why it fired, and the events behind it', async () => {
    await app.goToView('?view=questions');
    for (const { question, run, kinds } of FLAGGED_QUESTIONS) {
      await page.getByRole('table', { name: 'Question runs' }).locator(`tr[data-question="${question}"][data-run="${run}"]`).getByRole('link').click();
      await expect(page.getByRole('heading', { name: `${question} · run ${run}` })).toBeVisible();
      for (const [kind, why] of Object.entries(kinds)) {
        await expect(flagItems(page, kind).first()).toBeVisible();
        await expect(flagItems(page, kind).filter({ hasText: why })).toHaveCount(1);
      }
      await expect(page.getByRole('img', { name: new RegExp(`registry of ${question} in run ${run}`) })).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/questions-${question}-${run}.png`, fullPage: true });
      await page.getByRole('button', { name: '← All questions' }).click();
    }
  });

  test('a flag links to its event; drifting entities are marked; the checklist shows catalog passages', async () => {
    await app.goToView('?view=questions&question=q01&run=baseline');
    const entity = flagItems(page, 'entity_drift');
    await entity.getByRole('link', { name: /r-\d+/ }).click();
    const query = page.locator('.query-item.is-target');
    await expect(query).toContainText('Marguerite Okafor husband');
    await expect(query.locator('mark')).toHaveText('Marguerite Okafor');
    await expect(page.getByRole('region', { name: 'Queries' }).locator('.own-entities')).toContainText('The Harbor Ledger');

    const checklist = page.getByRole('region', { name: 'Sufficiency checklist' });
    await expect(checklist).toContainText('The Harbor Ledger is a daily newspaper in Port Alder, published from 1921 by Edmund Vale.');
    await expect(checklist).toContainText('Marguerite Okafor married the shipping clerk Daniel Okafor in 1931.');
    await expect(page.getByRole('img', { name: /registry of q01/ }).locator('#lane-unassigned')).toHaveCount(1);
  });

  test('a not-asked gold passage links to where it was returned', async () => {
    await app.goToView('?view=questions&question=q06&run=registry');
    const gold = page.getByRole('region', { name: 'Gold evidence' }).locator('#gold-p-019');
    await expect(gold).toContainText('not asked');
    await expect(gold).toContainText('Augustin Pell married the photographer Mirela Dunstan in 1949.');
    await expect(gold.getByRole('link', { name: /session mh-baseline-q06/ })).toHaveAttribute('href', /view=sessions&session=mh-baseline-q06/);
    await page.screenshot({ path: `${SCREENS}/questions-q06-registry.png`, fullPage: true });

    await gold.getByRole('link', { name: /^r-\d+$/ }).click();
    await expect(page).toHaveURL(/question=q06&run=baseline#retrieval-r-/);
    await expect(page.getByRole('heading', { name: 'q06 · run baseline' })).toBeVisible();
    await expect(page.locator('.query-item.is-target')).toContainText('Augustin Pell spouse');
    await expect(page.locator('.query-item.is-target .returned-gold')).toHaveText('p-019');
  });

  test('compares two runs: questions where one found gold the other missed come first, and no drift share is computed', async () => {
    await app.goToView('?view=questions');
    await page.getByRole('button', { name: 'Compare runs' }).click();
    await expect(page).toHaveURL(/compare=1/);
    const compare = page.getByRole('region', { name: 'Compare runs' });
    await expect(compare.getByRole('combobox', { name: 'First run' })).toHaveValue('baseline');
    await expect(compare.getByRole('combobox', { name: 'Second run' })).toHaveValue('registry');
    await expect(compare.getByRole('note')).toContainText('No aggregate “share of failures due to drift” is computed');

    const rows = compare.getByRole('table', { name: 'Gold passages found per run' }).locator('tbody tr');
    await expect(rows).toHaveCount(12);
    const order = await rows.evaluateAll((trs) => trs.map((tr) => `${tr.getAttribute('data-question')}${tr.classList.contains('differs') ? '*' : ''}`));
    expect(order).toEqual(['q01*', 'q04*', 'q06*', 'q08*', 'q11*', 'q12*', 'q02', 'q03', 'q05', 'q07', 'q09', 'q10']);
    await expect(rows.filter({ hasText: 'q06' }).locator('.difference')).toHaveText('baseline found p-019 that registry missed');
    await expect(rows.filter({ hasText: 'q01' }).locator('.difference')).toHaveText('registry found p-002 that baseline missed');
    await page.screenshot({ path: `${SCREENS}/questions-compare.png`, fullPage: true });
  });
});

test('says what the screen needs when no multi-hop question is loaded', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('?view=questions');
  await expect(page.getByRole('heading', { name: 'No logs loaded' })).toBeVisible();
  await app.loadFiles('creative-assistant.jsonl');
  await expect(page.getByRole('heading', { name: 'No multi-hop questions' })).toBeVisible();
  await expect(page.getByText(/needs the events of a multi-hop agent/)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/questions-empty.png` });
});
