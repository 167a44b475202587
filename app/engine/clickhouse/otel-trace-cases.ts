/**
 * Test-only: OTLP documents for the otel_traces equality test (otel-traces-import.chdb.test.ts),
 * each trace exercising rules of docs/log-format.md's "Traces from real instrumentation" that the
 * instrumentor fixtures (app/ingest/otlp/fixtures/) do not reach: GenAI spans, ids from metadata
 * and content, partial and text scores, repeated inner calls, rerankers, failures, citations,
 * prompts from messages, inherited defaults, parents outside the trace, repeated spans.
 */
import { makeDocument, makeSpan, START_MS } from '../../ingest/otlp/otlp-test-builders';

type Plain = string | number | boolean | Plain[] | { [key: string]: Plain };

const nano = (offsetMs: number) => `${BigInt(START_MS + offsetMs) * 1_000_000n}`;

interface Spec {
  trace: string;
  id: string;
  parent?: string;
  name?: string;
  kind?: string;
  start: number;
  ms?: number;
  attributes?: Record<string, Plain>;
  status?: { code: number; message?: string };
  events?: { name: string; attributes?: Record<string, Plain>; at?: number }[];
}

const hex = (text: string, length: number) => Buffer.from(text).toString('hex').padEnd(length, '0').slice(0, length);
const traceId = (name: string) => hex(name, 32);
const spanId = (name: string) => hex(name, 16);

function span({ trace, id, parent, name, kind, start, ms = 10, attributes = {}, status, events = [] }: Spec) {
  return makeSpan({
    traceId: traceId(trace),
    spanId: spanId(id),
    parentSpanId: parent === undefined ? '' : spanId(parent),
    name: name ?? id,
    startTimeUnixNano: nano(start),
    endTimeUnixNano: nano(start + ms),
    attributes: kind === undefined ? attributes : { 'openinference.span.kind': kind, ...attributes },
    events: events.map(({ at, ...event }) => ({ ...event, timeUnixNano: nano(at ?? start) })),
    ...(status ? { status } : {}),
  });
}

const docs = (list: Record<string, Plain>[], prefix = 'retrieval.documents') =>
  Object.fromEntries(list.flatMap((document, i) => Object.entries(document).map(([part, value]) => [`${prefix}.${i}.document.${part}`, value])));

const REFUNDS = 'Refunds are issued within 14 days of the return reaching our warehouse, to the card you paid with.';
const DAMAGED = 'Items damaged in transit are refunded in full, shipping included.';
const SHIPPING = 'Standard shipping takes 3-5 business days; express shipping takes one.';

/** A fusion retriever (no list of its own) over two sub-retrievers, one calling itself twice, then a reranker and a model call. */
const nested = 'nested';
const NESTED = makeDocument([
  span({ trace: nested, id: 'root', name: 'RetrieverQueryEngine.query', kind: 'CHAIN', start: 0, ms: 900,
    attributes: { 'session.id': 'sess-n', 'user.id': 'u-n', 'input.value': '{"question": "how do refunds work?", "top_k": 3}', 'input.mime_type': 'application/json',
      'output.value': '{"answer": "See the Refund policy (kb-2) and  kb-10; not kb-1x."}', 'output.mime_type': 'application/json' } }),
  span({ trace: nested, id: 'fusion', parent: 'root', name: 'QueryFusionRetriever.retrieve', kind: 'RETRIEVER', start: 10, ms: 200,
    attributes: { 'session.id': 'sess-n', 'input.value': 'how do refunds work?' } }),
  span({ trace: nested, id: 'fusion-in', parent: 'fusion', name: 'QueryFusionRetriever._retrieve', kind: 'RETRIEVER', start: 11, ms: 190,
    attributes: docs([
      { id: 'kb-1', score: 0.03, content: REFUNDS, metadata: '{"title": "Refund policy", "kind": "policy"}' },
      { score: 0.02, content: `  ${DAMAGED}\n`, metadata: '{"doc_id": "kb-2", "title": "Damaged items"}' },
      { score: 0.01, content: SHIPPING },
    ]) }),
  span({ trace: nested, id: 'dense', parent: 'fusion-in', name: 'VectorIndexRetriever.retrieve', kind: 'RETRIEVER', start: 20, ms: 50,
    attributes: docs([{ id: 'kb-1', score: 0.91 }, { id: 'kb-3', score: 0.5, content: 'Gift cards cannot be refunded.' }]) }),
  span({ trace: nested, id: 'sparse', parent: 'fusion-in', name: 'BM25Retriever.retrieve', kind: 'RETRIEVER', start: 80, ms: 50,
    attributes: { ...docs([{ id: 'kb-2', score: 7.5 }, { id: 'kb-1' }]), 'retrieval.documents.1.document.metadata.title': 'Refund policy, again' } }),
  span({ trace: nested, id: 'sparse-in', parent: 'sparse', name: 'BM25Retriever._retrieve', kind: 'RETRIEVER', start: 81, ms: 40,
    attributes: docs([{ id: 'kb-2', score: 7.5 }, { id: 'kb-1' }]) }),
  span({ trace: nested, id: 'rerank', parent: 'root', name: 'LLMRerank._postprocess_nodes', kind: 'RERANKER', start: 300, ms: 100,
    attributes: { 'reranker.model_name': 'gpt-4o-mini', ...docs([{ id: 'kb-1' }, { id: 'kb-2' }], 'reranker.input_documents'), ...docs([{ id: 'kb-2', score: 9 }], 'reranker.output_documents') } }),
  span({ trace: nested, id: 'rerank-llm', parent: 'rerank', name: 'OpenAI.chat', kind: 'LLM', start: 310, ms: 50,
    attributes: { 'llm.input_messages.0.message.role': 'user', 'llm.input_messages.0.message.content': `Rank these:\n(1) ${DAMAGED}` } }),
  span({ trace: nested, id: 'answer', parent: 'root', name: 'OpenAI.chat', kind: 'LLM', start: 500, ms: 300,
    attributes: {
      'llm.input_messages.0.message.role': 'system', 'llm.input_messages.0.message.content': 'Answer from the context.',
      'llm.input_messages.1.message.role': 'user',
      'llm.input_messages.1.message.contents.0.message_content.text': `Context: ${REFUNDS.replaceAll(' ', '   ')}`,
      'llm.input_messages.1.message.contents.1.message_content.text': 'Also see kb-3 and content:0000.',
      'llm.output_messages.0.message.role': 'assistant', 'llm.output_messages.0.message.content': 'See the Refund policy.',
    } }),
  // failed with a message, failed without, empty: each its own retrieval
  span({ trace: nested, id: 'failed', parent: 'root', name: 'QdrantRetriever.retrieve', kind: 'RETRIEVER', start: 600, ms: 5, status: { code: 2, message: 'Connection refused' },
    events: [{ name: 'exception', attributes: { 'exception.message': 'Connection refused' } }] }),
  span({ trace: nested, id: 'failed-bare', parent: 'root', name: 'Other.retrieve', kind: 'retriever', start: 610, ms: 5, status: { code: 2 } }),
  span({ trace: nested, id: 'empty', parent: 'root', name: 'Empty.retrieve', kind: 'RETRIEVER', start: 620, ms: 5, attributes: { 'input.value': '{"query_str": "nothing", "x": 1}' } }),
], { resource: { 'service.name': 'llama', 'rag.surface': 'chat' } });

/** GenAI: documents as JSON (bare ids, objects, metadata ids, content only), the turn's texts in messages, the defaults of the root. */
const genAi = 'genai';
const GEN_AI = makeDocument([
  span({ trace: genAi, id: 'agent', name: 'invoke_agent helpdesk', start: 0, ms: 2000,
    attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.conversation.id': 'conv-g', 'user.id': 'u-g',
      'gen_ai.input.messages': JSON.stringify([{ role: 'system', parts: [{ type: 'text', content: 'Be brief.' }] }, { role: 'user', parts: [{ type: 'text', content: 'I forgot my password' }, { type: 'text', content: 'please help' }] }]),
      'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'Use "Reset password" (g-2) or ask 7.' }] }]) },
    events: [{ name: 'rag.feedback', attributes: { rating: 'down', comment: 'slow' }, at: 1900 }] }),
  span({ trace: genAi, id: 'search', parent: 'agent', name: 'retrieval kb', start: 100, ms: 80,
    attributes: { 'gen_ai.operation.name': 'retrieval', 'gen_ai.data_source.id': 'kb-store', 'gen_ai.retrieval.query.text': 'reset password',
      'gen_ai.retrieval.documents': JSON.stringify([
        { id: 'g-1', score: 0.5, content: 'Reset your password from the login page, then check your inbox.' },
        'g-2', 7, null, { metadata: { id: 'g-m', title: 'Reset password' } }, { content: 'An orphan passage.' }, { id: '', content: 'An orphan passage.' }, { id: 'g-5', score: 'high' },
      ]) } }),
  span({ trace: genAi, id: 'chat', parent: 'agent', name: 'chat gpt-4o', start: 300, ms: 900,
    attributes: { 'gen_ai.operation.name': 'chat',
      'gen_ai.input.messages': JSON.stringify([{ role: 'user', content: 'Context: Reset your password from the login page, then check your inbox. g-2 7 An orphan passage.' }]) } }),
  // a bare retriever call is no turn; text that is not JSON records no documents
  span({ trace: 'genai-2', id: 'lone', name: 'retrieval kb', start: 5000, ms: 10,
    attributes: { 'gen_ai.operation.name': 'retrieval', 'gen_ai.retrieval.query.text': 'vpn', 'gen_ai.retrieval.documents': '[{"id": "x"' } }),
], { resource: { 'service.name': 'helpdesk', 'rag.run_id': 'v2' } });

/**
 * Defaults inherited from the root, a turn id on the resource, a prompt from a model call's
 * messages (the root's input a JSON object without a query key; not kept: the trace logs its own
 * `rag.prompt`), a response from a JSON output, a span whose parent is not in the trace, a span
 * exported twice, app events, a trace that logs its own `rag.response`.
 */
const other = 'other';
const OTHER = makeDocument([
  span({ trace: other, id: 'root', name: 'chain', kind: 'CHAIN', start: 0, ms: 1000,
    attributes: { 'session.id': 'sess-o', 'input.value': '{"data": {"retriever": {"top_k": 2}}}', 'output.value': '{"result": {"replies": 1}, "output": "Done: see doc-b."}' } }),
  span({ trace: other, id: 'ret', parent: 'root', name: 'LangChainRetriever', kind: 'RETRIEVER', start: 50, ms: 30,
    attributes: { metadata: '{"ls_retriever_name": "vectorstore", "session_id": "x"}', 'input.value': 'Where is doc b?',
      ...docs([{ content: 'Doc b lives here.', metadata: '{"source": "b.md", "title": "Doc B"}' }, { content: 'Doc a.', metadata: { id: 'doc-a' } }]),
      'rag.question_id': 'q-1' },
    events: [{ name: 'rag.action', attributes: { actor: 'user', action: 'select', consumed_asset_id: 'doc-a' }, at: 70 }] }),
  span({ trace: other, id: 'llm', parent: 'root', name: 'ChatOpenAI', kind: 'LLM', start: 100, ms: 200,
    attributes: { 'llm.input_messages.0.message.role': 'human', 'llm.input_messages.0.message.content': 'Where is doc b? Doc b lives here.', 'llm.prompts': ['Doc a.', 3] } }),
  span({ trace: other, id: 'orphan', parent: 'gone', name: 'late', kind: 'TOOL', start: 950, ms: 5, attributes: { 'session.id': 'sess-orphan' },
    events: [{ name: 'rag.prompt', attributes: { text: 'side question' } }] }),
  // the app logs the turn's response itself: none is derived beside it (its prompt still is)
  span({ trace: 'own', id: 'own-root', name: 'chain', kind: 'CHAIN', start: 2000, ms: 100, attributes: { 'session.id': 'sess-own', 'input.value': 'q own', 'output.value': 'a own' } }),
  span({ trace: 'own', id: 'own-ret', parent: 'own-root', name: 'Own.retrieve', kind: 'RETRIEVER', start: 2010, ms: 10, attributes: docs([{ id: 'o-1' }]),
    events: [{ name: 'rag.response', attributes: { text: 'logged answer' } }] }),
], { resource: { 'service.name': 'lc', 'rag.turn_id': 'turn-o' } });
const OTHER_AGAIN = makeDocument([span({ trace: other, id: 'ret', parent: 'root', name: 'LangChainRetriever', kind: 'RETRIEVER', start: 50, ms: 30 })], { resource: { 'service.name': 'lc' } });

/** Name → OTLP JSON lines (one document a line). */
export const BUILT_TRACE_CASES: Record<string, string[]> = {
  'built: nested retrievers, stages, a reranker, failures': [JSON.stringify(NESTED)],
  'built: GenAI documents and messages': [JSON.stringify(GEN_AI)],
  'built: inherited defaults, JSON texts, orphans, a repeated span': [JSON.stringify(OTHER), JSON.stringify(OTHER_AGAIN)],
};
