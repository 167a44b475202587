import { describe, expect, it } from 'vitest';
import { retrieverName } from './retriever-name';
import { traceSpan, type TraceSpanSpec } from './trace-test-builders';

describe('the retriever name', () => {
  it.each<[string, Omit<TraceSpanSpec, 'id'>, string | undefined]>([
    ['LlamaIndex: the class in the span name', { name: 'BM25Retriever.retrieve' }, 'BM25Retriever'],
    ['LlamaIndex: the inner call', { name: 'VectorIndexRetriever._retrieve' }, 'VectorIndexRetriever'],
    ['a span name without a dot, whole', { name: 'VectorStoreRetriever' }, 'VectorStoreRetriever'],
    ['LangChain: metadata.ls_retriever_name first', { name: 'VectorStoreRetriever', attributes: { metadata: '{"ls_retriever_name":"vectorstore","ls_vector_store_provider":"FAISS"}' } }, 'vectorstore'],
    ['GenAI: gen_ai.data_source.id before the span name', { name: 'retrieval kb', attributes: { 'gen_ai.data_source.id': 'kb' } }, 'kb'],
    ['GenAI: the data source in the span name `retrieval <data source>`', { name: 'retrieval kb', attributes: { 'gen_ai.operation.name': 'retrieval' } }, 'kb'],
    ['metadata that is not JSON is passed over', { name: 'R.retrieve', attributes: { metadata: 'x' } }, 'R'],
    ['no name at all', { name: '' }, undefined],
  ])('%s', (_rule, spec, expected) => {
    expect(retrieverName(traceSpan({ id: 'r', ...spec }).span)).toBe(expected);
  });
});
