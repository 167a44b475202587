import { expect, test, type Page } from '@playwright/test';
import { buildSdkTraces } from '../app/ingest/otlp/sdk-fixture';
import { AppPage } from './pages/app-page';

// Traces recorded with the OpenTelemetry JS SDK (OpenInference and GenAI conventions), as the
// collector's file exporter writes them: one OTLP JSON document a line.
test.describe.configure({ mode: 'serial' });

let page: Page;
let app: AppPage;

test.beforeAll(async ({ browser }) => {
  app = await AppPage.openNew(browser);
  page = app.page;
  const traces = await buildSdkTraces();
  await app.pickMadeFiles([{ name: 'collector.otlp.jsonl', bytes: traces.jsonLines, mimeType: 'application/x-ndjson' }]);
});

test.afterAll(() => page.close());

test('the load summary counts the retrievals and events as events and the other spans by kind', async () => {
  await expect(app.status()).toContainText('Loaded 11 events from 1 file (0 rejected)');
  await expect(page.getByTestId('status.unmapped-spans')).toHaveText('· 4 spans not mapped: AGENT 1, LLM 1, execute_tool 1, invoke_agent 1');
  await app.goTo('Overview');
  const files = page.getByRole('table', { name: 'Loaded files' });
  await expect(files.getByRole('columnheader', { name: 'OpenTelemetry spans' })).toBeVisible();
  await expect(files.getByRole('row', { name: /collector\.otlp\.jsonl/ })).toContainText('4 spans not mapped: AGENT 1, LLM 1, execute_tool 1, invoke_agent 1');
  await page.screenshot({ path: 'test-results/screens/otlp-overview.png' });
});

test('a retrieval span is a retrieval of its session, and the session timeline shows its other spans among the events', async () => {
  await app.goTo('Sessions');
  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill('sess-oi');
  await page.getByRole('table', { name: 'Sessions table' }).getByRole('cell', { name: 'sess-oi', exact: true }).click();
  const inspector = page.getByRole('region', { name: 'Session sess-oi', exact: true });
  const timeline = inspector.getByRole('list', { name: 'Turn timeline' });
  await expect(timeline.locator('.event-retrieval').first()).toContainText('how do refunds work');
  // time order: the agent span (10:00:00, 6 s) encloses the retrieval (10:00:01), then the LLM call (10:00:02, 2 s) with
  // the use it read (derived), the follow-up retrieval, the place and the feedback: 5 events and 2 spans in one turn
  const rows = timeline.locator('.events > li');
  await expect(rows).toHaveCount(7);
  await expect(rows.nth(0)).toHaveClass(/event-span/);
  await expect(rows.nth(0).locator('.event-head')).toContainText(/AGENT\s*support turn\s*6\.0 s/);
  await expect(rows.nth(1)).toHaveClass(/event-retrieval/);
  const llm = rows.nth(2);
  await expect(llm.locator('.event-head')).toContainText(/LLM\s*generate answer\s*2\.0 s/);
  await expect(timeline.locator('.turn-head')).toContainText('5 events · 2 spans');
  await llm.getByText('attributes', { exact: true }).click();
  await expect(llm.locator('pre.raw')).toContainText('"input.value": "Answer using: Refunds are issued within 14 days."');
  await expect(llm).toContainText('collector.otlp.jsonl, line 1');
  await page.screenshot({ path: 'test-results/screens/otlp-session.png' });
});

test('the spans are kept with the logs in this browser: a reload reopens them and their count', async () => {
  await page.reload();
  await app.idle();
  await expect(app.status()).toContainText('Restored 11 events from 1 file');
  await expect(page.getByTestId('status.unmapped-spans')).toHaveText('· 4 spans not mapped: AGENT 1, LLM 1, execute_tool 1, invoke_agent 1');
  const timeline = page.getByRole('region', { name: 'Session sess-oi', exact: true }).getByRole('list', { name: 'Turn timeline' });
  await expect(timeline.locator('.event-span')).toHaveCount(2);
});
