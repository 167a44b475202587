import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './pages/app-page';

/** Issue 13: the built app carries a Content Security Policy and works under it. */
test.describe.configure({ mode: 'serial' });

interface Violation { directive: string; blocked: string }

let page: Page;
let app: AppPage;
let policyHeader: string | undefined;

const violations = () => page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  page = await browser.newPage();
  // recorded from the first script on, in every document the page opens
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __violations: Violation[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }));
  });
  app = new AppPage(page);
  const response = await page.goto('/');
  policyHeader = response?.headers()['content-security-policy'];
  await app.idle();
});

test.afterAll(() => page.close());

test('the page and the built index.html carry the policy', async () => {
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  for (const policy of [meta, policyHeader]) {
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("worker-src 'self' blob:");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('unsafe-inline');
  }
  expect(policyHeader).toContain("frame-ancestors 'none'");
});

test('the sample logs load and every screen renders with no violation of the policy', async () => {
  await page.getByRole('banner').getByRole('button', { name: 'Load sample logs' }).click();
  await app.idle();
  await expect(app.status()).toContainText('Loaded');
  for (const screen of ['Metrics', 'Sessions', 'Lineage', 'Questions', 'Gate & feedback', 'Rejected rows', 'Overview'] as const) {
    await app.goTo(screen);
    await expect(page.getByRole('main')).not.toContainText('Loading screen…');
  }
  await page.getByRole('table', { name: 'Loaded files' }).waitFor();
  await page.screenshot({ path: 'test-results/screens/csp-overview.png' });
  expect(await violations()).toEqual([]);
  expect(app.outsideRequests).toEqual([]);
});

test('an inline script is refused and reported', async () => {
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inline = 1';
    document.body.append(script);
  });
  await expect.poll(async () => (await violations()).map((v) => v.directive)).toContain('script-src-elem');
  expect(await page.evaluate(() => (window as unknown as { __inline?: number }).__inline)).toBeUndefined();
});
