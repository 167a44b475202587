/**
 * Test-only: the log events sdk-fixture-traces.ts must map to, worked out by hand from the spans
 * recorded there (span n = `b7ad6b716920330n`, trace n = `0af7651916cd43dd8448eb211c80310n`).
 */
const T1 = '0af7651916cd43dd8448eb211c803101';
const T2 = '0af7651916cd43dd8448eb211c803102';
const T3 = '0af7651916cd43dd8448eb211c803103';
const SPAN = (n: number) => `b7ad6b716920330${n}`;
const ms = (hhmmss: string) => Date.parse(`2026-03-02T${hhmmss}Z`);

/** Every event of a trace takes its turn from the trace id, and the session, user and surface its spans give. */
const OPEN_INFERENCE_TURN = { session_id: 'sess-oi', request_id: T1, turn_id: T1, user_id: 'user-7', surface: 'chat', run_id: 'oi-v1' };

export const EXPECTED_SDK_EVENTS: Record<string, unknown>[] = [
  {
    type: 'retrieval', event_id: `span:${SPAN(2)}`, ts: ms('10:00:01.000'), retrieval_id: SPAN(2), ...OPEN_INFERENCE_TURN,
    query: 'how do refunds work', returned_asset_ids: ['kb-refunds', 'kb-shipping', '17'], scores: [0.92, 0.55, 0.31],
    role: 'reference', latency_ms: 250, retriever: 'retrieve policies',
  },
  { type: 'asset', asset_id: 'kb-refunds', text: 'Refunds are issued within 14 days.', title: 'Refund policy', kind: 'policy' },
  { type: 'asset', asset_id: 'kb-shipping', text: 'Shipping takes 3-5 days.' },
  {
    type: 'retrieval', event_id: `span:${SPAN(4)}`, ts: ms('10:00:04.500'), retrieval_id: SPAN(4), ...OPEN_INFERENCE_TURN,
    query: 'refund for damaged item', returned_asset_ids: ['kb-damaged'], scores: [0.77], rewrite_of: SPAN(2), latency_ms: 100, retriever: 'retrieve follow-up',
  },
  { type: 'asset', asset_id: 'kb-damaged', text: 'Items damaged in transit are refunded in full.' },
  // the LLM span (10:00:02, after the retrieval) reads kb-refunds' text in its input: the agent used it
  {
    type: 'action', event_id: `span:${SPAN(3)}:use:0`, ts: ms('10:00:02.000'), ...OPEN_INFERENCE_TURN,
    actor: 'agent', action: 'use', consumed_asset_id: 'kb-refunds', source_retrieval_id: SPAN(2), derived: 'context-match',
  },
  {
    type: 'action', event_id: `span:${SPAN(1)}:0`, ts: ms('10:00:05.000'), ...OPEN_INFERENCE_TURN,
    actor: 'user', action: 'place', consumed_asset_id: 'kb-refunds', source_retrieval_id: SPAN(2),
  },
  { type: 'feedback', event_id: 'fb-1', ts: ms('10:00:05.500'), ...OPEN_INFERENCE_TURN, rating: 'up', retrieval_id: SPAN(2) },
  {
    type: 'retrieval', event_id: `span:${SPAN(6)}`, ts: ms('11:00:00.500'), retrieval_id: SPAN(6), session_id: 'conv-9', request_id: T2, turn_id: T2,
    query: 'reset my password', returned_asset_ids: ['doc-a', 'doc-b'], scores: [0.81, 0.42], latency_ms: 120, retriever: 'kb',
  },
  {
    type: 'action', event_id: `span:${SPAN(5)}:1`, ts: ms('11:00:02.000'), session_id: 'conv-9', request_id: T2, turn_id: T2,
    actor: 'agent', action: 'use', consumed_asset_id: 'doc-a', source_retrieval_id: SPAN(6),
  },
  {
    type: 'retrieval', event_id: `span:${SPAN(8)}`, ts: ms('12:00:00.000'), retrieval_id: SPAN(8), session_id: T3, request_id: T3, turn_id: T3,
    query: 'vpn setup', returned_asset_ids: [], latency_ms: 50, retriever: 'kb',
  },
];

export const EXPECTED_SDK_SPAN_KINDS: Record<string, number> = { AGENT: 1, LLM: 1, invoke_agent: 1, execute_tool: 1 };
