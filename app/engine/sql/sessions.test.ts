import { beforeAll, describe, expect, it } from 'vitest';
import { at, makePrompt, makeRetrieval, type TestEvent } from './metrics/fixtures';
import { escapeLike, SEARCH_CONTEXT_CHARS, SESSION_SEARCH_MATCH_ROW, sessionSearchQuery } from './sessions';
import { loadedTestEngine } from './metrics/loaded-test-engine';
import { run } from './core/run';

/** s1 asks about a 50% discount; s2's query has "50_off"; s3 answers about refunds; ids differ per session. */
const DATASET: TestEvent[] = [
  makePrompt('t1', { session_id: 's1', user_id: 'u-alma', event_id: 'e1', request_id: 'req-1', text: 'Is the 50% Discount still on?', ts: at(0) }),
  makeRetrieval('r-1', { session_id: 's1', turn_id: 't1', request_id: 'req-1', query: 'discount rules', ts: at(1) }),
  makePrompt('t2', { session_id: 's2', user_id: 'u-bo', event_id: 'e2', text: 'cards', ts: at(2) }),
  makeRetrieval('r-2', { session_id: 's2', turn_id: 't2', query: 'coupon 50_off', ts: at(3) }),
  { type: 'response', session_id: 's3', user_id: 'u-cy', event_id: 'e3', turn_id: 't3', text: 'Your REFUND is on its way', ts: at(4) },
  // what a trace import keeps: s4's retriever and span metadata (outside the schema: `extra`); s5's span is below
  makeRetrieval('r-4', {
    session_id: 's4', turn_id: 't4', query: 'opening hours', retriever: 'QueryFusionRetriever', ts: at(5),
    metadata: '{"team": "helpdesk-east"}', 'tag.tags': ['pilot'], 'llm.model_name': 'gpt-4o-mini',
  }),
  makeRetrieval('r-6', { session_id: 's6', turn_id: 't6', query: 'q', ts: at(6), notes: `${'x'.repeat(600)} needle-far ${'y'.repeat(600)}` }),
];

/** Kept spans (the OpenTelemetry import writes them; no JSON Lines event makes one). */
const SPANS = [
  { seq: 1, session: 's5', name: 'ChatOpenAI', attributes: '{"openinference.span.kind":"LLM","llm.model_name":"claude-haiku","llm.token_count.total":812}' },
  // s2's span names the query's word too: a query comes before span metadata
  { seq: 2, session: 's2', name: 'coupon lookup tool', attributes: '{}' },
  { seq: 3, session: 's4', name: 'rerank', attributes: '{"reranker.model_name":"bge-reranker"}' },
];

const engine = loadedTestEngine(DATASET);
beforeAll(async () => {
  for (const span of SPANS) {
    await engine.query(
      `INSERT INTO spans (file_id, line, seq, trace_id, span_id, parent_span_id, session_id, user_id, name, kind, ts, end_ts, status, attributes)
       VALUES (1, ?, ?, 'tr-1', ?, NULL, ?, NULL, ?, 'LLM', ?, NULL, 'OK', ?)`,
      [span.seq, span.seq, `sp-${span.seq}`, span.session, span.name, at(10 + span.seq), span.attributes],
    );
  }
});

const search = async (text: string) => {
  const rows = await run(engine, sessionSearchQuery(text), SESSION_SEARCH_MATCH_ROW);
  return rows.sort((a, b) => a.session_id.localeCompare(b.session_id)).map((row) => [row.session_id, row.field, row.text]);
};

describe('session search', () => {
  it('finds text in prompts, queries and responses, ignoring case; one row per session, its first match', async () => {
    expect(await search('DISCOUNT')).toEqual([['s1', 'prompt', 'Is the 50% Discount still on?']]);
    expect(await search('refund')).toEqual([['s3', 'response', 'Your REFUND is on its way']]);
    expect(await search('coupon')).toEqual([['s2', 'query', 'coupon 50_off']]);
  });

  it('takes % and _ literally', async () => {
    expect(escapeLike('50%_\\')).toBe('50\\%\\_\\\\');
    expect(await search('50%')).toEqual([['s1', 'prompt', 'Is the 50% Discount still on?']]);
    expect(await search('50_')).toEqual([['s2', 'query', 'coupon 50_off']]);
    expect(await search('%')).toEqual([['s1', 'prompt', 'Is the 50% Discount still on?']]);
  });

  it('finds ids: session, user, event, retrieval, turn and request ids, naming the field', async () => {
    expect(await search('S2')).toEqual([['s2', 'session id', 's2']]);
    expect(await search('alma')).toEqual([['s1', 'user id', 'u-alma']]);
    expect(await search('e3')).toEqual([['s3', 'event id', 'e3']]);
    expect(await search('r-2')).toEqual([['s2', 'retrieval id', 'r-2']]);
    expect(await search('t3')).toEqual([['s3', 'turn id', 't3']]);
    expect(await search('req-')).toEqual([['s1', 'request id', 'req-1']]);
  });

  it("finds what a trace import keeps: a retrieval's retriever and fields outside the schema, a kept span's name and attributes", async () => {
    expect(await search('fusionretriever')).toEqual([['s4', 'retriever', 'QueryFusionRetriever']]);
    expect(await search('helpdesk-east')).toEqual([['s4', 'retrieval metadata', '{"metadata":"{\\"team\\": \\"helpdesk-east\\"}","tag.tags":["pilot"],"llm.model_name":"gpt-4o-mini"}']]);
    expect(await search('GPT-4O')).toEqual([['s4', 'retrieval metadata', expect.stringContaining('"llm.model_name":"gpt-4o-mini"')]]);
    expect(await search('chatopenai')).toEqual([['s5', 'span name', 'ChatOpenAI']]);
    expect(await search('claude-haiku')).toEqual([['s5', 'span attributes', SPANS[0].attributes]]);
    // s4's span matches too, after its retrieval's own fields
    expect(await search('model_name')).toEqual([['s4', 'retrieval metadata', expect.stringContaining('gpt-4o-mini')], ['s5', 'span attributes', SPANS[0].attributes]]);
  });

  it('prefers a text, then an id, to kept metadata', async () => {
    expect(await search('coupon')).toEqual([['s2', 'query', 'coupon 50_off']]);
    expect(await search('r-4')).toEqual([['s4', 'retrieval id', 'r-4']]);
  });

  it('cuts a long matched text around its first match', async () => {
    const [[session, field, text]] = await search('NEEDLE-FAR');
    expect([session, field]).toEqual(['s6', 'retrieval metadata']);
    expect(text).toBe(`${'x'.repeat(SEARCH_CONTEXT_CHARS - 1)} needle-far ${'y'.repeat(SEARCH_CONTEXT_CHARS - 1)}`);
  });

  it('reads no JSON function: the browser has no JSON extension', () => {
    expect(sessionSearchQuery('x').sql).not.toMatch(/json/i);
  });

  it('binds the text: a quote is data', async () => {
    const query = sessionSearchQuery("x' OR 1=1 --");
    expect(query.sql).not.toContain('1=1');
    expect(await engine.query(query.sql, query.params)).toEqual([]);
  });
});
