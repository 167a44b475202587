import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/find-chromium.mjs';

// E2E_PORT and E2E_OUT_DIR let two runs share a machine (each builds and serves its own copy).
const PORT = Number(process.env.E2E_PORT ?? 4173);
const OUT_DIR = process.env.E2E_OUT_DIR ?? 'dist';
const BASE_URL = `http://127.0.0.1:${PORT}`;

/** Browser tests against the production build (scripts/run-e2e.mjs builds it first), on the system Chromium. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/e2e-artifacts${process.env.E2E_PORT ? `-${PORT}` : ''}`,
  // Two test files at a time: the page's engine is one thread, so two pages keep both cores busy
  // (E2E_WORKERS=1 runs one at a time). Each test starts DuckDB-wasm and loads real files; a busy
  // 2-core CI machine needs headroom.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 60_000,
  // Assertions check what a screen shows, not how fast (the bench times that): 5 s, Playwright's
  // default, was too short for a page's first screen after a reload, or a 50,000-event session's
  // next page, when three test files shared the 2 cores (stop 41), and CI's machine is as busy.
  expect: { timeout: 15_000 },
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_PORT ? `test-results/e2e-${PORT}.json` : 'test-results/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    // A click or a navigation that cannot happen fails at its line within a minute, instead of
    // waiting out the test's whole timeout (Playwright's default for both is no limit).
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: findChromium() ?? undefined,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--disable-quic',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `npx vite preview --outDir ${OUT_DIR} --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: BASE_URL,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
