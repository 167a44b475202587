import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocument, makeSpan } from '../../ingest/otlp/otlp-test-builders';
import { readSpan } from '../../ingest/otlp/read-span';
import { llmInputText } from '../../ingest/otlp/trace/llm-context';
import { ASSISTANT_ROLES, genAiMessages, lastMessageText, openInferenceMessages, USER_ROLES } from '../../ingest/otlp/trace/llm-messages';
import { queryText } from '../../ingest/otlp/trace/query-text';
import { retrieverName } from '../../ingest/otlp/trace/retriever-name';
import { readSpanDocuments, type DocumentListName } from '../../ingest/otlp/trace/span-documents';
import { createChdbEngine } from './chdb-engine';
import type { ClickHouseEngine } from './clickhouse-engine';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from './load-chdb';
import { otelTracesRows } from './otel-exporter-rows';
import { genAiMessages as genAiMessagesSql, lastMessageText as lastMessageTextSql, LLM_INPUT_TEXT, openInferenceMessageColumns, queryTextColumns } from './otel-llm-text';
import { RERANKED_DOCUMENTS, RETRIEVED_DOCUMENTS } from './otel-retrieval-documents';
import { RETRIEVER_NAME } from './otel-retrievals';

/*
 * The span readers of the otel_traces mapping against the import's, span by span: each span as
 * OTLP JSON read by the import (typed attributes) and as the exporter writes it (text): document
 * lists and identities, query texts, what a model call reads, the last user and assistant
 * messages, retriever names. The shapes are the instrumentors' and their edge cases; the
 * differences the mapping documents (JSON with repeated keys, a typed attribute where the import
 * wants text) are left out.
 */

type Plain = string | number | boolean | Plain[] | { [key: string]: Plain };

interface SpanCase {
  name?: string;
  attributes: Record<string, Plain>;
}

const doc = (i: number, part: string, list = 'retrieval.documents') => `${list}.${i}.document.${part}`;

const CASES: Record<string, SpanCase> = {
  'ids given, from metadata (each key, numbers), from content': { attributes: {
    [doc(0, 'id')]: 'kb-1', [doc(0, 'score')]: 0.5, [doc(0, 'content')]: 'one',
    [doc(1, 'id')]: 17, [doc(1, 'score')]: 2, [doc(1, 'metadata')]: '{"id": "ignored"}',
    [doc(2, 'score')]: 1e-7, [doc(2, 'metadata')]: '{"id": "", "doc_id": 1.0, "title": "T"}',
    [doc(3, 'metadata')]: '{"doc_id": null, "document_id": 12345678901234567890}',
    [doc(4, 'metadata')]: '{"node_id": true, "kind": "faq"}', [doc(4, 'content')]: '  Some\u00a0text \n here ',
    [doc(5, 'metadata')]: "{'id': 'python repr'}",
    [doc(6, 'metadata')]: '["id", "x"]', [doc(6, 'content')]: '',
    [doc(7, 'score')]: Number.NaN, [doc(8, 'metadata')]: { id: 'structured', title: 'S' },
    [doc(9, 'id')]: 'gap', [doc(10, 'id')]: 'ten',
  } },
  'metadata flattened further': { attributes: { [`${doc(0, 'metadata')}.node_id`]: 'n-1', [`${doc(0, 'metadata')}.title`]: 'Title "q"', [doc(1, 'metadata')]: '{"node_id": "n-2"}', [`${doc(2, 'id')}.extra`]: 'x' } },
  'reranker lists beside a retrieved one': { attributes: {
    [doc(0, 'id', 'reranker.input_documents')]: 'a', [doc(1, 'content', 'reranker.input_documents')]: 'b text',
    [doc(0, 'id', 'reranker.output_documents')]: 'a', [doc(0, 'score', 'reranker.output_documents')]: 9,
    'gen_ai.retrieval.documents': '[{"id": "ignored"}]',
  } },
  'GenAI list': { attributes: { 'gen_ai.retrieval.documents': '[{"id": "g", "score": 0.25, "content": "c", "metadata": {"title": "t"}}, "bare", 42, 4.5, null, true, [1], {"id": "", "content": "x"}, {"metadata": "{\\"doc_id\\": \\"m\\"}"}, {"id": 3, "score": "high"}, ""]' } },
  'GenAI: an empty list, not JSON, not a list': { attributes: { 'gen_ai.retrieval.documents': '[]' } },
  'GenAI: not JSON': { attributes: { 'gen_ai.retrieval.documents': '[{"id": "x"' } },
  'GenAI: not a list': { attributes: { 'gen_ai.retrieval.documents': '{"id": "x"}' } },
  'query: plain': { attributes: { 'input.value': 'how do refunds work' } },
  'query: JSON keys in order, nested, blank': { attributes: { 'input.value': '{"question": "q1", "query": "  ", "input": "q0"}', 'input.mime_type': 'application/json' } },
  'query: one level down': { attributes: { 'input.value': ' \n{"query_bundle": {"query_str": "nested", "custom_embedding_strs": null}, "x": {"query": "later"}}' } },
  'query: two levels down (Haystack)': { attributes: { 'input.value': '{"data": {"retriever": {"query": "descale?", "top_k": 3}, "prompt_builder": {"question": "descale?"}}}' } },
  'query: a level before a deeper one': { attributes: { 'input.value': '{"a": {"b": {"query": "deep"}}, "c": {"question": "shallow"}}' } },
  'query: not three levels down': { attributes: { 'input.value': '{"a": {"b": {"c": {"query": "deep"}}}}' } },
  'query: JSON without a key': { attributes: { 'input.value': '{"data": {"retriever": {"top_k": 3}}}' } },
  'query: said JSON, a list': { attributes: { 'input.value': '["a"]', 'input.mime_type': 'Application/JSON; charset=utf-8' } },
  'query: not JSON though it starts with {': { attributes: { 'input.value': '{not json' } },
  'query: GenAI': { attributes: { 'input.value': '', 'gen_ai.retrieval.query.text': 'vpn' } },
  'messages: OpenInference contents, roles, prompts': { attributes: {
    'input.value': ' Answer  the\tquestion ',
    'llm.input_messages.0.message.role': 'system', 'llm.input_messages.0.message.content': 'Be brief.',
    'llm.input_messages.1.message.role': 'USER', 'llm.input_messages.1.message.content': 'first',
    'llm.input_messages.1.message.contents.1.message_content.text': 'third', 'llm.input_messages.1.message.contents.0.message_content.text': 'second',
    'llm.input_messages.2.message.role': 'user', 'llm.input_messages.2.message.content': ' \n ',
    'llm.input_messages.10.message.role': 'human', 'llm.input_messages.10.message.content': 'tenth',
    'llm.output_messages.0.message.role': 'assistant', 'llm.output_messages.0.message.content': 'the answer',
    'llm.prompts': ['p1', 'p2'], 'llm.prompts.0.prompt.text': 'flattened', 'llm.prompts.1': 'also',
  } },
  'messages: GenAI parts and content': { attributes: {
    'gen_ai.input.messages': '[{"role": "user", "parts": [{"type": "text", "content": "a"}, {"type": "image", "content": "x"}, {"type": "text", "content": "b"}]}, {"role": "assistant", "content": "c"}, "junk"]',
    'gen_ai.output.messages': '[{"role": "model", "parts": [{"type": "text", "content": "reply"}]}]',
  } },
  'names: LangChain metadata': { name: 'VectorStoreRetriever', attributes: { metadata: '{"ls_retriever_name": "vectorstore", "ls_vector_store_provider": "FAISS"}' } },
  'names: GenAI data source, span name': { name: 'retrieval kb', attributes: { 'gen_ai.operation.name': 'retrieval', 'gen_ai.data_source.id': 'store-1' } },
  'names: GenAI span name': { name: 'retrieval  docs ', attributes: { 'gen_ai.operation.name': 'retrieval' } },
  'names: GenAI span name without a source': { name: 'retrieval ', attributes: { 'gen_ai.operation.name': 'retrieval' } },
  'names: the class': { name: 'BM25Retriever._retrieve', attributes: { metadata: '{"ls_retriever_name": ""}' } },
  'names: none': { name: ' .retrieve', attributes: {} },
};

const LISTS: [DocumentListName, string][] = [['retrieval.documents', 'ret'], ['reranker.input_documents', 'rin'], ['reranker.output_documents', 'rout']];

const otlpSpan = ({ name = 'span', attributes }: SpanCase) => makeSpan({ name, attributes });

/** What the import reads of one span, in the shape the SQL's columns give it. */
function imported(spanCase: SpanCase): Record<string, unknown> {
  const read = readSpan(otlpSpan(spanCase));
  if (!read.ok) throw new Error(read.rejection.message);
  const { span } = read;
  const attrs = span.attributes;
  const { lists } = readSpanDocuments(attrs);
  const out: Record<string, unknown> = {};
  for (const [list, alias] of LISTS) {
    const documents = lists[list] ?? [];
    out[`${alias}_recorded`] = Number(lists[list] !== undefined);
    out[`${alias}_ids`] = documents.map((document) => document.id);
    out[`${alias}_content_ids`] = documents.map((document) => Number(document.idSource === 'content'));
    out[`${alias}_scores`] = documents.map((document) => document.score ?? null);
    out[`${alias}_contents`] = documents.map((document) => document.content ?? null);
  }
  out.query = queryText(attrs) ?? null;
  out.llm_input_text = llmInputText(attrs);
  out.prompt_oi = lastMessageText(openInferenceMessages(attrs, 'llm.input_messages'), USER_ROLES) ?? null;
  out.response_oi = lastMessageText(openInferenceMessages(attrs, 'llm.output_messages'), ASSISTANT_ROLES) ?? null;
  out.prompt_gen_ai = lastMessageText(genAiMessages(attrs['gen_ai.input.messages']), USER_ROLES) ?? null;
  out.response_gen_ai = lastMessageText(genAiMessages(attrs['gen_ai.output.messages']), ASSISTANT_ROLES) ?? null;
  out.retriever_name = retrieverName(span) ?? null;
  return out;
}

const COLUMNS = [
  ...LISTS.flatMap(([, alias]) => ['recorded', 'ids', 'content_ids', 'scores', 'contents'].map((part) => `${alias}_${part}`)),
  'query', 'llm_input_text', 'prompt_oi', 'response_oi', 'prompt_gen_ai', 'response_gen_ai', 'retriever_name',
];

const SELECT = `SELECT case_name, ${COLUMNS.join(', ')} FROM (
  SELECT *, ${RETRIEVED_DOCUMENTS}, ${RERANKED_DOCUMENTS}, ${queryTextColumns('query')}, ${LLM_INPUT_TEXT},
         ${openInferenceMessageColumns('llm.input_messages', 'in_oi')}, ${openInferenceMessageColumns('llm.output_messages', 'out_oi')},
         ${lastMessageTextSql('in_oi', USER_ROLES)} AS prompt_oi, ${lastMessageTextSql('out_oi', ASSISTANT_ROLES)} AS response_oi,
         ${lastMessageTextSql(genAiMessagesSql("a['gen_ai.input.messages']"), USER_ROLES)} AS prompt_gen_ai,
         ${lastMessageTextSql(genAiMessagesSql("a['gen_ai.output.messages']"), ASSISTANT_ROLES)} AS response_gen_ai,
         ${RETRIEVER_NAME} AS retriever_name
  FROM span_cases
) ORDER BY case_name`;

let house: ClickHouseEngine;
let mapped: Map<string, Record<string, unknown>>;

describe.skipIf(!CHDB_TESTS_ENABLED)(CHDB_TESTS_ENABLED ? 'a span read in SQL as the import reads it' : `a span read in SQL as the import reads it (${CHDB_SKIP_MESSAGE})`, () => {
  beforeAll(async () => {
    house = await createChdbEngine({ install: true });
    await house.exec('CREATE TABLE span_cases (case_name String, SpanName String, a Map(LowCardinality(String), String)) ENGINE = MergeTree ORDER BY case_name');
    // each span as the exporter writes it (otel-exporter-rows.ts)
    const rows = Object.entries(CASES).map(([name, spanCase]) => ({ name, row: otelTracesRows(makeDocument([otlpSpan(spanCase)]))[0] }));
    await house.insertRows('span_cases', rows.map(({ name, row }) => ({ case_name: name, SpanName: row.SpanName, a: row.SpanAttributes })));
    mapped = new Map((await house.query(SELECT)).map(({ case_name: name, ...row }) => [String(name), row]));
  }, 120_000);
  afterAll(async () => {
    await house?.close();
  });

  it.each(Object.keys(CASES).map((name) => [name]))('%s', (name) => {
    expect(mapped.get(name)).toEqual(imported(CASES[name]));
  });
});
