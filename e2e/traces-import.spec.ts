import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AppPage } from './pages/app-page';

/**
 * Traces from real instrumentation, opened as a user opens them (docs/log-format.md, "Traces from real
 * instrumentation"):
 *
 * 1. An Arize Phoenix project exported over its REST API — the three span pages
 *    (app/ingest/phoenix/fixtures/page-1.json … page-3.json) — with the document annotations
 *    dataframe (document-annotations.parquet), all four picked at once. Three traces: a vector
 *    retrieval the model reads two documents of, a fusion retriever (BM25 + vector stages), a
 *    retrieval that failed. The annotations are relevance labels by an LLM judge (`relevance`)
 *    and a support lead (`support-review`).
 * 2. After Clear, what a Collector's file exporter wrote for LlamaIndex's QueryFusionRetriever
 *    (vector + BM25) with an LLMRerank postprocessor
 *    (app/ingest/otlp/fixtures/llama-index-fusion-rerank.otlp.jsonl).
 *
 * The expected numbers come from the fixtures' hand-worked expected events (the `*.expected.jsonl`
 * beside them, README.md there).
 */
const PHOENIX = path.resolve(import.meta.dirname, '../app/ingest/phoenix/fixtures');
const OTLP = path.resolve(import.meta.dirname, '../app/ingest/otlp/fixtures');
const PHOENIX_FILES = ['page-1.json', 'page-2.json', 'page-3.json', 'document-annotations.parquet'];
const FUSION = 'llama-index-fusion-rerank.otlp.jsonl';

const expectedEvents = (file: string) => readFileSync(file, 'utf8').split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line) as Record<string, unknown>);
const HELPDESK = expectedEvents(path.join(PHOENIX, 'helpdesk.expected.jsonl'));
const ANNOTATIONS = expectedEvents(path.join(PHOENIX, 'document-annotations.expected.jsonl'));
const FUSION_EVENTS = expectedEvents(path.join(OTLP, 'llama-index-fusion-rerank.expected.jsonl'));

const VECTOR_RETRIEVAL = '0b1c2d3e4f5a6b7c'; // trace 7d4c…: VectorIndexRetriever, 3 documents, 2 used
const FUSION_RETRIEVAL = 'b0b1b2b3b4b5b6b7'; // trace c0ff…: QueryFusionRetriever with BM25 and vector stages
const FAILED_RETRIEVAL = '8a8b8c8d8e8f9091'; // trace 5a5b…: ConnectionError, no answer

test.describe.configure({ mode: 'serial' });

let page: Page;
let app: AppPage;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  app = new AppPage(page);
  await app.open();
  await openFiles(...PHOENIX_FILES.map((name) => path.join(PHOENIX, name)));
});

test.afterAll(() => page.close());

async function openFiles(...paths: string[]) {
  await app.openFiles(paths);
}

/** A session opened from the Sessions list: found by its id in the search box, then clicked. */
async function openSession(sessionId: string): Promise<Locator> {
  await app.goTo('Sessions');
  await page.getByRole('searchbox', { name: 'Filter sessions' }).fill(sessionId);
  await page.getByRole('table', { name: 'Sessions table' }).getByRole('cell', { name: sessionId, exact: true }).click();
  const inspector = page.getByRole('region', { name: `Session ${sessionId}`, exact: true });
  await expect(inspector.getByRole('heading', { name: sessionId })).toBeVisible();
  return inspector;
}

/** The Sessions table's cell under a column, by the header's text (the columns may move). */
async function cellUnder(row: Locator, header: string): Promise<Locator> {
  const headers = await page.getByRole('table', { name: 'Sessions table' }).getByRole('columnheader').allInnerTexts();
  const index = headers.map((text) => text.trim()).indexOf(header);
  expect(index, `column "${header}" in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

test.describe('a Phoenix export: the REST span pages and the document annotations, opened together', () => {
  test('the load summary counts the spans’ events and the labels; the two annotations that point nowhere are rejected rows', async () => {
    // 19 events from the spans (3 prompts, 3 retrievals, 6 assets, 4 uses, 2 responses, 1 feedback)
    // + 10 labels from the 12 annotation rows: rows 11 and 12 name a span outside the export and a
    // position past the last document (fixtures README) — rejected, as the rules say, not dropped.
    expect(HELPDESK).toHaveLength(19);
    expect(ANNOTATIONS).toHaveLength(10);
    await expect(app.status()).toContainText(`Loaded ${HELPDESK.length + ANNOTATIONS.length} events from 4 files (2 rejected)`);
    // the root and synthesis chains and the LLM calls are no event: kept as spans for the timeline
    await expect(page.getByTestId('status.unmapped-spans')).toHaveText('· 6 spans not mapped: CHAIN 4, LLM 2');

    await app.goTo('Overview');
    const files = page.getByRole('table', { name: 'Loaded files' });
    await expect(files.getByRole('row')).toHaveCount(5);
    const row = (name: string) => files.getByRole('row', { name: new RegExp(`^${name.replaceAll('.', '\\.')}`) });
    // file · size · events · rejected · warnings · blank lines · OpenTelemetry spans · problem
    await expect(row('page-1.json').getByRole('cell')).toHaveText(['page-1.json', /kB/, '6', '0', '0', '0', '3 spans not mapped: CHAIN 2, LLM 1', '—']);
    await expect(row('page-2.json').getByRole('cell')).toHaveText(['page-2.json', /kB/, '7', '0', '0', '0', '1 span not mapped: CHAIN 1', '—']);
    await expect(row('page-3.json').getByRole('cell')).toHaveText(['page-3.json', /kB/, '6', '0', '0', '0', '2 spans not mapped: CHAIN 1, LLM 1', '—']);
    await expect(row('document-annotations.parquet').getByRole('cell')).toHaveText(['document-annotations.parquet', /kB/, '10', '2', '0', '0', '—', '—']);
    // Phoenix documents carry document.id: no id was derived from metadata or content
    await expect(files).not.toContainText('derived');
    await expect(page.getByRole('table', { name: 'Events by type' }).getByRole('row', { name: /^label/ }).getByRole('cell').nth(1)).toHaveText('10');
    await page.screenshot({ path: '/tmp/traces-phoenix-overview.png', fullPage: true });

    // the rejected count opens the rejected rows of that file, each with the reason a user can act on
    await row('document-annotations.parquet').getByRole('link', { name: '2' }).click();
    const rejected = page.getByRole('table', { name: 'Rejected rows' });
    await expect(rejected.getByRole('row')).toHaveCount(3);
    await expect(rejected.getByRole('row').nth(1)).toContainText('document-annotations.parquet11rejected');
    await expect(rejected.getByRole('row').nth(1)).toContainText('the annotated span 5e6f708192a3b4c5 was not loaded');
    await expect(rejected.getByRole('row').nth(1)).toContainText('load the Phoenix spans it belongs to');
    await expect(rejected.getByRole('row').nth(2)).toContainText(`span ${VECTOR_RETRIEVAL} returned 3 documents: there is no document at position 3`);
    await page.screenshot({ path: '/tmp/traces-phoenix-rejected.png', fullPage: true });
  });

  test('the Sessions list shows the traces’ two sessions, one with a failed retrieval', async () => {
    await app.goTo('Sessions');
    const table = page.getByRole('table', { name: 'Sessions table' });
    await expect(table.getByRole('row')).toHaveCount(3);
    const first = table.getByRole('row', { name: /sess-helpdesk-01/ });
    const second = table.getByRole('row', { name: /sess-helpdesk-02/ });
    await expect(await cellUnder(first, 'user')).toHaveText('u-1041');
    await expect(await cellUnder(first, 'prompts')).toHaveText('2');
    await expect(await cellUnder(first, 'retrievals')).toHaveText('2');
    await expect(await cellUnder(first, 'actions')).toHaveText('4');
    await expect(await cellUnder(first, 'failed')).toHaveText('0');
    await expect(await cellUnder(second, 'user')).toHaveText('u-2203');
    await expect(await cellUnder(second, 'retrievals')).toHaveText('1');
    await expect(await cellUnder(second, 'failed')).toHaveText('1');
    // "Only sessions with failed" keeps the one
    await page.getByRole('group', { name: 'Signal filters' }).getByRole('button', { name: /^failed/ }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('sess-helpdesk-02');
    await page.screenshot({ path: '/tmp/traces-phoenix-sessions.png' });
    await page.getByRole('group', { name: 'Signal filters' }).getByRole('button', { name: /^failed/ }).click();
    await expect(table.getByRole('row')).toHaveCount(3);
  });

  test('a session shows its retrievals, the fusion retriever’s BM25 and vector lists beside its returned one, and the annotations’ grades and annotators', async () => {
    const inspector = await openSession('sess-helpdesk-01');
    const timeline = inspector.getByRole('list', { name: 'Turn timeline' });
    await expect(timeline.locator('.turn')).toHaveCount(2);
    await expect(timeline.locator('.event-prompt')).toHaveText([/How long do I have to return a jacket\?/, /Do you ship to Norway\?/]);
    await expect(timeline.locator('.event-response .event-head')).toHaveText([
      /You have 30 days from delivery to return a jacket \(Returns policy\)\./,
      /Yes, we ship to Norway in 3 to 7 business days; import VAT may apply \(see Shipping in Europe\)\./,
    ]);

    // the vector retrieval: no stages, its list with the resolved grades and who gave which
    const vector = inspector.locator(`[data-event-id="span:${VECTOR_RETRIEVAL}"]`);
    await expect(vector.locator('.event-head')).toContainText('“How long do I have to return a jacket?” → 3 results');
    await expect(vector.getByTestId('retrieval.facts')).toContainText('VectorIndexRetriever');
    await expect(vector.getByTestId('retrieval.stages')).toHaveCount(0);
    const vectorList = vector.getByRole('list', { name: `Results of ${VECTOR_RETRIEVAL}` });
    await expect(vectorList.getByRole('listitem')).toHaveCount(3);
    // Grades by hand (labels have no time, so file order decides a tie — the later wins):
    // kb-returns: relevance 1, support-review 3 → tie, the later (support-review) → 3;
    // kb-refunds: relevance 0, support-review 1 → tie, the later → 1;
    // kb-shipping-eu: relevance 0 → 0.
    const vectorRows = vectorList.getByRole('listitem');
    await expect(vectorRows.nth(0).locator('.ranked-title')).toContainText('Returns policykb-returns');
    await expect(vectorRows.nth(0).locator('.ranked-score')).toHaveText('0.830');
    await expect(vectorRows.nth(0).locator('.ranked-grade')).toHaveText('g3');
    await expect(vectorRows.nth(0).getByTestId('labels.votes')).toHaveText(/^relevance: 1 no time\s*support-review: 3 no time\s*disagree$/);
    await expect(vectorRows.nth(1).locator('.ranked-grade')).toHaveText('g1');
    await expect(vectorRows.nth(1).getByTestId('labels.votes')).toHaveText(/^relevance: 0 no time\s*support-review: 1 no time\s*disagree$/);
    await expect(vectorRows.nth(2).locator('.ranked-title')).toContainText('Shipping in Europekb-shipping-eu');
    await expect(vectorRows.nth(2).locator('.ranked-grade')).toHaveText('g0');
    await expect(vectorRows.nth(2).getByTestId('labels.votes')).toHaveText(/^relevance: 0 no time$/);
    // the two documents the model read are used, by derived actions
    await expect(vectorList.locator('.chip.derived')).toHaveText(['agent use · derived · context match', 'agent use · derived · context match']);
    await vector.screenshot({ path: '/tmp/traces-phoenix-vector-retrieval.png' });

    // the fusion retrieval: BM25 and vector stages (span start order), then the fused list
    const fusion = inspector.locator(`[data-event-id="span:${FUSION_RETRIEVAL}"]`);
    await fusion.scrollIntoViewIfNeeded();
    await expect(fusion.getByTestId('retrieval.facts')).toContainText('QueryFusionRetriever');
    const stages = fusion.getByRole('group', { name: `Stage lists of ${FUSION_RETRIEVAL}` });
    await expect.poll(() => stages.getByRole('region').evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-label')))).toEqual([
      'BM25Retriever (retriever)', 'VectorIndexRetriever (retriever)', 'what-if rrf:60 (what-if)', 'returned (returned)',
    ]);
    await expect(stages.getByRole('region', { name: 'BM25Retriever (retriever)' }).getByRole('listitem')).toHaveText([
      /#1\s*Shipping in Europe\s*7\.210/, /#2\s*Customs and import fees\s*3\.050/,
    ]);
    await expect(stages.getByRole('region', { name: 'VectorIndexRetriever (retriever)' }).getByRole('listitem')).toHaveText([
      /#1\s*Shipping in Europe\s*0\.790/, /#2\s*Returns policy\s*0\.550/, /#3\s*Customs and import fees\s*0\.520/,
    ]);
    // RRF scores (k = 60), not similarities
    await expect(stages.getByRole('region', { name: 'returned (returned)' }).getByRole('listitem')).toHaveText([
      /#1\s*Shipping in Europe\s*0\.033/, /#2\s*Customs and import fees\s*0\.032/, /#3\s*Returns policy\s*0\.016/,
    ]);
    // what-if rrf:60 by hand: Shipping 1/61 + 1/61, Customs 1/62 + 1/63, Returns 1/62 (vector only)
    await expect(stages.getByRole('region', { name: 'what-if rrf:60 (what-if)' }).getByRole('listitem')).toHaveText([
      /#1\s*Shipping in Europe/, /#2\s*Customs and import fees/, /#3\s*Returns policy/,
    ]);
    await expect(fusion.getByTestId('retrieval.used-rank')).toHaveText([
      'used Shipping in Europe: #1 in BM25Retriever · #1 in VectorIndexRetriever · #1 in what-if rrf:60 · #1 returned',
      'used Customs and import fees: #2 in BM25Retriever · #3 in VectorIndexRetriever · #2 in what-if rrf:60 · #2 returned',
    ]);
    // kb-shipping-eu: 1 and 1 → 1; kb-customs: 0 → 0; kb-returns: 0 and 0 → 0 (the support lead's
    // kb-returns label was given on the vector stage's span, position 1: it labels the fused retrieval)
    const fusionRows = fusion.getByRole('list', { name: `Results of ${FUSION_RETRIEVAL}` }).getByRole('listitem');
    await expect(fusionRows.locator('.ranked-grade')).toHaveText(['g1', 'g0', 'g0']);
    await expect(fusionRows.nth(0).getByTestId('labels.votes')).toHaveText(/^relevance: 1 no time\s*support-review: 1 no time$/);
    await expect(fusionRows.nth(2).getByTestId('labels.votes')).toHaveText(/^relevance: 0 no time\s*support-review: 0 no time$/);
    await fusion.screenshot({ path: '/tmp/traces-phoenix-fusion-retrieval.png' });

    // the derived uses on the timeline, each marked as not logged
    const uses = timeline.locator('.event-action');
    await expect(uses).toHaveCount(4);
    await expect(uses.getByTestId('action.derived')).toHaveText(Array(4).fill('derived · context match'));
    await expect(uses.getByTestId('action.derived').first()).toHaveAttribute('title', /^Not logged/);
    await expect(timeline.locator('.event-feedback')).toContainText('thumbs up: “quick answer”');
    await page.screenshot({ path: '/tmp/traces-phoenix-session.png' });
  });

  test('the failed retrieval says failed and why, never empty', async () => {
    const inspector = await openSession('sess-helpdesk-02');
    const failed = inspector.locator(`[data-event-id="span:${FAILED_RETRIEVAL}"]`);
    await expect(failed.locator('.event-head')).toContainText('“Where is my order 1182?” → failed');
    await expect(failed.getByTestId('retrieval.failed')).toHaveText('failed: ConnectionError: vector store timed out after 5s');
    await expect(failed.getByTestId('retrieval.facts')).toHaveText('unknown · VectorIndexRetriever · 5000 ms · not judged');
    await expect(failed).not.toContainText('empty');
    // no answer came back: no response on the timeline, the root span marked ERROR
    await expect(inspector.locator('.event-response')).toHaveCount(0);
    await expect(inspector.getByRole('list', { name: 'Turn timeline' }).locator('.event-span')).toContainText('ERROR');
    await page.screenshot({ path: '/tmp/traces-phoenix-failed.png' });
  });

  test('Metrics: Tier 1 from the annotations’ grades, the failed retrieval counted as failed', async () => {
    await app.goTo('Metrics');
    const tier1 = page.getByRole('region', { name: 'Tier 1 · Retriever quality' });
    await expect(tier1.locator('[data-metric="tier1.retrievals"]')).toHaveText('3');
    await expect(tier1.locator('[data-metric="tier1.failed"]')).toHaveText('1');
    await expect(tier1.locator('[data-metric="tier1.empty_result_rate"]')).toHaveText('0.0%'); // failed is not empty
    await expect(tier1.locator('[data-metric="tier1.judged"]')).toHaveText('2'); // the failed one has no label
    // P@10 by hand, K = 10, relevant = grade ≥ 1, divided by K even when fewer were returned:
    //   0b1c… grades by rank [3, 1, 0] → 2 relevant / 10 = 0.2
    //   b0b1… grades by rank [1, 0, 0] → 1 relevant / 10 = 0.1
    //   mean over the 2 judged retrievals = (0.2 + 0.1) / 2 = 0.150
    await expect(tier1.locator('[data-metric="tier1.p_at_k"]')).toHaveText('0.150');
    expect(Number(await tier1.locator('[data-metric="tier1.p_at_k"]').getAttribute('data-value'))).toBeCloseTo(0.15, 12);
    // both put a relevant document first, and every relevant judged document is in the list,
    // in the ideal order (IDCG = DCG): P@1 = R@10 = MRR = nDCG@10 = 1
    for (const key of ['p_at_1', 'recall_at_k', 'mrr', 'ndcg_at_k']) await expect(tier1.locator(`[data-metric="tier1.${key}"]`)).toHaveText('1.000');
    // Tier 2: two of three retrievals consumed by the agent (derived uses); the failed one unobserved
    const tier2 = page.getByRole('region', { name: 'Tier 2 · Usage and failure signals' });
    await expect(tier2.locator('[data-metric="tier2.acr"]')).toHaveText('66.7%');
    await expect(tier2.locator('[data-metric="tier2.uor"]')).toHaveText('33.3%');
    await tier1.screenshot({ path: '/tmp/traces-phoenix-tier1.png' });
    await page.screenshot({ path: '/tmp/traces-phoenix-metrics.png', fullPage: true });
  });
});

test.describe('after Clear: LlamaIndex fusion + rerank traces from a Collector file', () => {
  const SESSION = 'bill-5f0c2a';
  const RETRIEVAL = '91c08746734bd45e';

  test('Clear empties the app; the OTLP file then loads on its own', async () => {
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(app.status()).toHaveText('No logs loaded', { timeout: 60_000 });
    await openFiles(path.join(OTLP, FUSION));
    await expect(app.status()).toContainText(`Loaded ${FUSION_EVENTS.length} events from 1 file (0 rejected)`);
    // 36 spans; the 2 retrievals, their 4 sub-retriever stages and 2 rerankers are events; the
    // inner `_retrieve` spans, chains, LLM calls and embeddings stay spans
    await expect(page.getByTestId('status.unmapped-spans')).toHaveText('· 28 spans not mapped: CHAIN 10, LLM 8, RETRIEVER 6, EMBEDDING 4');
    await app.goTo('Overview');
    const files = page.getByRole('table', { name: 'Loaded files' });
    await expect(files.getByRole('row')).toHaveCount(2);
    // LlamaIndex nodes carry their ids: no derived-id note
    await expect(files.getByRole('row', { name: new RegExp(FUSION.replace(/\./g, '\\.')) }).getByRole('cell').nth(6)).toHaveText('28 spans not mapped: CHAIN 10, LLM 8, RETRIEVER 6, EMBEDDING 4');
    await page.screenshot({ path: '/tmp/traces-fusion-overview.png', fullPage: true });
  });

  test('a session shows the prompt and the answer as text, the retrieval’s vector, BM25 and rerank lists, and where each used document ranks', async () => {
    const inspector = await openSession(SESSION);
    const timeline = inspector.getByRole('list', { name: 'Turn timeline' });
    const prompt = FUSION_EVENTS.find((event) => event.type === 'prompt' && event.session_id === SESSION)!.text as string;
    const response = FUSION_EVENTS.find((event) => event.type === 'response' && event.session_id === SESSION)!.text as string;
    await expect(timeline.locator('.event-prompt .event-text')).toHaveText(`“${prompt}”`);
    // plain text, not the JSON of an object
    await expect(timeline.locator('.event-prompt .event-text')).not.toContainText('{');
    await expect(timeline.locator('.event-response .event-text')).toContainText(response.slice(0, 100));
    await expect(timeline.locator('.event-response')).toContainText('cites 0f55a08b-81ac-40d5-89d1-7bd96ad23496');

    const retrieval = inspector.locator(`[data-event-id="span:${RETRIEVAL}"]`);
    await expect(retrieval.locator('.event-head')).toContainText(`“${prompt}” → 3 results`);
    await expect(retrieval.getByTestId('retrieval.facts')).toContainText('QueryFusionRetriever');
    const stages = retrieval.getByRole('group', { name: `Stage lists of ${RETRIEVAL}` });
    // in span start order: vector, BM25, then the LLM reranker (named by its model)
    await expect.poll(() => stages.getByRole('region').evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-label')))).toEqual([
      'VectorIndexRetriever (retriever)', 'BM25Retriever (retriever)', 'gpt-4o-mini (rerank)', 'what-if rrf:60 (what-if)', 'returned (returned)',
    ]);
    await expect(stages.getByRole('region', { name: 'VectorIndexRetriever (retriever)' }).getByRole('listitem')).toHaveText([
      /#1\s*Proration on plan changes\s*0\.841/, /#2\s*Duplicate charges\s*0\.830/, /#3\s*Invoices and receipts\s*0\.792/,
    ]);
    await expect(stages.getByRole('region', { name: 'BM25Retriever (retriever)' }).getByRole('listitem')).toHaveText([
      /#1\s*Duplicate charges\s*7\.118/, /#2\s*Refund timelines\s*3\.402/, /#3\s*Proration on plan changes\s*2\.955/,
    ]);
    await expect(stages.getByRole('region', { name: 'gpt-4o-mini (rerank)' }).getByRole('listitem')).toHaveText([
      /#1\s*Duplicate charges\s*9/, /#2\s*Proration on plan changes\s*6/,
    ]);
    // what-if rrf:60 over the two retrievers, by hand: Duplicate 1/62 + 1/61, Proration 1/61 + 1/63,
    // Refund timelines 1/62 (BM25 only), Invoices 1/63 (vector only): the reranker's cut undone
    await expect(stages.getByRole('region', { name: 'what-if rrf:60 (what-if)' }).getByRole('listitem')).toHaveText([
      /#1\s*Duplicate charges/, /#2\s*Proration on plan changes/, /#3\s*Refund timelines/, /#4\s*Invoices and receipts/,
    ]);
    // The reranker's choice-select prompt held all three candidates, so all three count as used
    // (docs/log-format.md: "a reranker's included"), even the one the reranker then dropped.
    await expect(retrieval.getByTestId('retrieval.used-rank')).toHaveText([
      'used Duplicate charges: #2 in VectorIndexRetriever · #1 in BM25Retriever · #1 in gpt-4o-mini · #1 in what-if rrf:60 · #1 returned',
      'used Proration on plan changes: #1 in VectorIndexRetriever · #3 in BM25Retriever · #2 in gpt-4o-mini · #2 in what-if rrf:60 · #2 returned',
      'used Refund timelines: not in VectorIndexRetriever · #2 in BM25Retriever · not in gpt-4o-mini · #3 in what-if rrf:60 · #3 returned',
    ]);
    const usedRanks = async (name: string) => stages.getByRole('region', { name }).locator('li.used .stage-rank').allTextContents();
    expect(await usedRanks('VectorIndexRetriever (retriever)')).toEqual(['#1', '#2']);
    expect(await usedRanks('BM25Retriever (retriever)')).toEqual(['#1', '#2', '#3']);
    expect(await usedRanks('gpt-4o-mini (rerank)')).toEqual(['#1', '#2']);
    expect(await usedRanks('returned (returned)')).toEqual(['#1', '#2', '#3']);
    // the returned list names each document by its title, with its id
    const ranked = retrieval.getByRole('list', { name: `Results of ${RETRIEVAL}` }).getByRole('listitem');
    await expect(ranked.locator('.ranked-name')).toHaveText(['Duplicate charges', 'Proration on plan changes', 'Refund timelines']);
    // LlamaIndex ids are UUIDs: the title stays readable beside one, and the id does not run into the score
    for (const row of await ranked.all()) {
      await expect(row.locator('.ranked-name')).toBeVisible();
      expect(await row.locator('.ranked-name').evaluate((name) => name.scrollWidth <= name.clientWidth), 'title shown whole').toBe(true);
      const id = (await row.locator('.ranked-id').boundingBox())!;
      const score = (await row.locator('.ranked-score').boundingBox())!;
      expect(id.x + id.width).toBeLessThanOrEqual(score.x);
    }
    // and a stage's name (a retriever class) has its column's width, not cut to "VectorI…" beside the badges
    for (const name of await stages.locator('.stage-name').all()) {
      expect(await name.evaluate((element) => element.clientWidth >= 0.85 * element.scrollWidth), await name.innerText()).toBe(true);
    }
    await expect(ranked.locator('.chip.derived')).toHaveText(Array(3).fill('agent use · derived · context match'));

    // the three derived uses on the timeline, badged
    const uses = timeline.locator('.event-action');
    await expect(uses).toHaveCount(3);
    await expect(uses.getByTestId('action.derived')).toHaveText(Array(3).fill('derived · context match'));
    await expect(uses.getByTestId('action.derived').first()).toHaveAttribute('title', /^Not logged/);

    await page.screenshot({ path: '/tmp/traces-fusion-session.png' });
    await retrieval.screenshot({ path: '/tmp/traces-fusion-retrieval.png' });
    await timeline.locator('.event-response').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/traces-fusion-response.png' });
  });

  test('Metrics: Tier 2 sees the agent consume both retrievals', async () => {
    await app.goTo('Metrics');
    const tier2 = page.getByRole('region', { name: 'Tier 2 · Usage and failure signals' });
    await expect(tier2.locator('[data-metric="tier2.retrievals"]')).toHaveText('2');
    // each retrieval has agent uses in its own request: ACR = 2/2; UOR (none of GPR, ACR, ORF) = 0/2
    await expect(tier2.locator('[data-metric="tier2.acr"]')).toHaveText('100.0%');
    await expect(tier2.locator('[data-metric="tier2.uor"]')).toHaveText('0.0%');
    await expect(tier2.locator('[data-metric="tier2.orf"]')).toHaveText('0.0%');
    // no labels in this file: Tier 1 has nothing judged, and says so with "—", not 0
    const tier1 = page.getByRole('region', { name: 'Tier 1 · Retriever quality' });
    await expect(tier1.locator('[data-metric="tier1.judged"]')).toHaveText('0');
    await expect(tier1.locator('[data-metric="tier1.p_at_1"]')).toHaveText('—');
    await tier2.screenshot({ path: '/tmp/traces-fusion-tier2.png' });
    await page.screenshot({ path: '/tmp/traces-fusion-metrics.png', fullPage: true });
  });
});
