import { expect, test, type Browser } from '@playwright/test';
import { AppPage } from './pages/app-page';

/**
 * Issue 30, point 3: the server makes the page cross-origin isolated; a dataset in memory runs on
 * DuckDB-wasm's threaded build, one kept in the browser's storage on the single-thread build (the
 * threaded build cannot write there), and both give the same numbers.
 */

interface Seen {
  engine: string;
  threads: string | null;
  eventsByType: string;
  metrics: Record<string, string | null>;
  pageErrors: string[];
}

async function loadSamplesAndRead(browser: Browser, hideStorage: boolean): Promise<Seen> {
  const context = await browser.newContext();
  if (hideStorage) await context.addInitScript(() => Object.defineProperty(StorageManager.prototype, 'getDirectory', { value: undefined }));
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const app = new AppPage(page);
  const response = await page.goto('/');
  expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin');
  expect(response?.headers()['cross-origin-embedder-policy']).toBe('require-corp');
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await app.idle();
  await page.getByRole('banner').getByRole('button', { name: 'Load sample logs' }).click();
  await app.idle();
  await expect(app.status()).toContainText('Loaded');

  await app.goTo('Metrics');
  const screen = page.locator('.metrics-screen');
  await expect(screen.locator('[data-metric="tier1.p_at_k"]')).toBeAttached();
  await expect(screen).toHaveAttribute('aria-busy', 'false');
  await expect(screen.locator('[aria-busy="true"]')).toHaveCount(0);
  const cards = screen.locator('[data-metric]');
  const metrics: Record<string, string | null> = {};
  for (const card of await cards.all()) metrics[(await card.getAttribute('data-metric'))!] = await card.getAttribute('data-value');

  await app.goTo('Overview');
  const engine = page.getByRole('region', { name: 'Engine' });
  await expect(engine).toBeVisible();
  const seen = {
    engine: await engine.innerText(),
    threads: await engine.locator('[data-engine-threads]').getAttribute('data-engine-threads'),
    eventsByType: await page.getByRole('table', { name: 'Events by type' }).innerText(),
    metrics,
    pageErrors,
  };
  expect(app.outsideRequests).toEqual([]);
  await context.close();
  return seen;
}

test('a kept dataset runs single-thread, one in memory threaded, with the same numbers', async ({ browser }) => {
  test.setTimeout(180_000);
  const kept = await loadSamplesAndRead(browser, false);
  expect(kept.engine).toContain('DuckDB-wasm, single-thread build, 1 thread');
  expect(kept.engine).toContain("kept in this browser's storage");

  const inMemory = await loadSamplesAndRead(browser, true);
  const cores = await browser.newPage().then(async (page) => [await page.evaluate(() => navigator.hardwareConcurrency), await page.close()][0]);
  expect(inMemory.engine).toContain(`DuckDB-wasm, threaded build, ${cores} threads.`);
  expect(inMemory.threads).toBe(String(cores));

  expect(Object.keys(kept.metrics).length).toBeGreaterThan(10);
  expect(inMemory.metrics).toEqual(kept.metrics);
  expect(inMemory.eventsByType).toBe(kept.eventsByType);
  expect([...kept.pageErrors, ...inMemory.pageErrors]).toEqual([]);
});
