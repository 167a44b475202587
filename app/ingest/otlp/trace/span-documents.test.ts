import { describe, expect, it } from 'vitest';
import type { Attributes } from '../any-value';
import { readSpanDocuments } from './span-documents';
import { documents } from './trace-test-builders';

const ids = (attributes: Attributes) => {
  const { lists, problem } = readSpanDocuments(attributes);
  expect(problem).toBeNull();
  return Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, list.map((document) => document.id)]));
};

describe('the document lists a span records', () => {
  it.each<[string, Attributes, Record<string, string[]>]>([
    ['none', { 'input.value': 'q' }, {}],
    ['retrieval.documents in the order of i (10 after 9)', documents(Array.from({ length: 11 }, (_, i) => ({ id: `d${i}` }))), { 'retrieval.documents': ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9', 'd10'] }],
    [
      'a reranker\'s input and output',
      { ...documents([{ id: 'a' }, { id: 'b' }], 'reranker.input_documents'), ...documents([{ id: 'b' }], 'reranker.output_documents') },
      { 'reranker.input_documents': ['a', 'b'], 'reranker.output_documents': ['b'] },
    ],
    ['documents without ids (LangChain) are not dropped', documents([{ content: 'x' }, { metadata: '{"id":"m"}' }]), { 'retrieval.documents': ['content:2d711642b726b044', 'm'] }],
    ['flattened metadata keys put together', { 'retrieval.documents.0.document.metadata.doc_id': 'dd', 'retrieval.documents.0.document.metadata.title': 'T' }, { 'retrieval.documents': ['dd'] }],
    ['GenAI: a JSON string of objects', { 'gen_ai.retrieval.documents': '[{"id":"a","score":0.8},{"id":"b"}]' }, { 'retrieval.documents': ['a', 'b'] }],
    ['GenAI: a structured list', { 'gen_ai.retrieval.documents': [{ id: 'a' }] }, { 'retrieval.documents': ['a'] }],
    ['GenAI: bare ids', { 'gen_ai.retrieval.documents': '["a", 7]' }, { 'retrieval.documents': ['a', '7'] }],
    ['GenAI: an empty list is recorded, and empty', { 'gen_ai.retrieval.documents': '[]' }, { 'retrieval.documents': [] }],
    ['GenAI: an object without id takes the content id', { 'gen_ai.retrieval.documents': '[{"content":"x"}]' }, { 'retrieval.documents': ['content:2d711642b726b044'] }],
    ['OpenInference before GenAI', { ...documents([{ id: 'oi' }]), 'gen_ai.retrieval.documents': '[{"id":"g"}]' }, { 'retrieval.documents': ['oi'] }],
  ])('%s', (_rule, attributes, expected) => {
    expect(ids(attributes)).toEqual(expected);
  });

  it.each<[string, string, string]>([
    ['not JSON', 'not json', 'invalid_json'],
    ['not a list', '{"id":"a"}', 'wrong_type'],
  ])('a GenAI list that is %s: none recorded, and a problem that keeps the span', (_case, value, reason) => {
    const { lists, problem } = readSpanDocuments({ 'gen_ai.retrieval.documents': value });
    expect(lists).toEqual({});
    expect(problem).toMatchObject({ reason, field: 'gen_ai.retrieval.documents' });
  });
});
