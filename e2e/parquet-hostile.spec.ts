import { expect, test, type Page } from '@playwright/test';
import { hostileParquetCorpus } from '../app/ingest/parquet/hostile-parquet';
import { AppPage } from './pages/app-page';

/**
 * A sample of the fuzz corpus the unit tests read in Node (app/ingest/parquet/hostile-parquet.test.ts
 * and app/cli/check-parquet-hostile.test.ts), picked together in the tab: what each file says,
 * worked from the base file (30 retrievals in row groups of 10).
 */
const PICKED: { name: string; events: number; rejected: number; problem: RegExp | null }[] = [
  { name: 'page-header-zeroed.parquet', events: 20, rejected: 10, problem: null },
  { name: 'codec-lzo.parquet', events: 20, rejected: 10, problem: null },
  { name: 'group-rows-trillion.parquet', events: 20, rejected: 0, problem: /^its row counts cannot be trusted \(the file says it holds 30 rows, but its row groups add up to 1,000,000,000,020; row group 2 of 3: it says it holds 1,000,000,000,000 rows/ },
  { name: 'schema-deep-10000.parquet', events: 0, rejected: 0, problem: /^its column "payload" is nested more than 201 levels deep, deeper than this app reads: none of its 30 rows were read$/ },
  { name: 'footer-length-short.parquet', events: 0, rejected: 0, problem: /^the file's footer \(its index of columns and row groups\) is damaged: it does not decode as a Parquet footer; none of its rows could be read, and how many it holds is unknown$/ },
  { name: 'cut-at-60.parquet', events: 0, rejected: 0, problem: /^the Parquet file is cut short/ },
];
const INTERNAL = /thrift|Invalid (typed )?array length|call stack|undefined|TypeError|RangeError/i;

test.describe.configure({ mode: 'serial' });

let page: Page;
let app: AppPage;

test.beforeAll(async ({ browser }) => {
  app = await AppPage.openNew(browser);
  page = app.page;
  // Each file from a corpus of its own ids: retrieval ids are unique across a load.
  await app.pickMadeFiles(PICKED.map(({ name }, i) => {
    const mutant = hostileParquetCorpus({ idPrefix: `f${i}-` }).find((candidate) => candidate.name === name)!;
    return { name, bytes: mutant.bytes };
  }));
});

test.afterAll(() => page.close());

test('damaged Parquet files: each keeps the rows it can and says in words what is wrong', async () => {
  const table = page.getByRole('table', { name: 'Loaded files' });
  for (const { name, events, rejected, problem } of PICKED) {
    const cells = table.getByRole('row').filter({ hasText: name }).getByRole('cell');
    await expect(cells.nth(2)).toHaveText(String(events));
    await expect(cells.nth(3)).toHaveText(String(rejected));
    const said = (await cells.last().textContent()) ?? '';
    if (problem) expect(said).toMatch(problem);
    else expect(said).toBe('—');
    expect(said).not.toMatch(INTERNAL);
  }
  await page.screenshot({ path: '/tmp/parquet-hostile-overview.png', fullPage: true });
});

test('the rows of a damaged row group are rejected rows, one per row, naming the row group', async () => {
  await app.goTo('Rejected rows');
  const table = page.getByRole('table', { name: 'Rejected rows' });
  await expect(table.getByRole('row')).toHaveCount(20 + 1);
  const zeroed = table.getByRole('row').filter({ hasText: 'page-header-zeroed.parquet' });
  await expect(zeroed).toHaveCount(10);
  await expect(zeroed.first()).toContainText('row group 2 of 3 (rows 11–20) could not be read: the column "type": a page header is damaged');
  await expect(table.getByRole('row').filter({ hasText: 'codec-lzo.parquet' }).first()).toContainText('compressed with LZO, which this app cannot decompress');
  await expect(table).not.toContainText(INTERNAL);
  await page.screenshot({ path: '/tmp/parquet-hostile-rejected.png', fullPage: true });
});

test('the tab stays responsive: screens open and the loaded events answer queries', async () => {
  await app.goTo('Overview');
  await expect(page.getByRole('table', { name: 'Events by type' }).getByRole('row').filter({ hasText: 'retrieval' })).toContainText('60');
  expect(await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(1))))).toBe(1);
});
