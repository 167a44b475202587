import { describe, expect, it } from 'vitest';
import type { Attributes } from '../any-value';
import { queryText, RESPONSE_KEYS, valueText } from './query-text';

const JSON_MIME = { 'input.mime_type': 'application/json' };

describe('a retrieval query comes from input.value', () => {
  it.each<[string, Attributes, string | undefined]>([
    ['plain text', { 'input.value': 'refund policy' }, 'refund policy'],
    ['a JSON object with query_str', { 'input.value': '{"query_str":"vpn setup"}', ...JSON_MIME }, 'vpn setup'],
    ['query', { 'input.value': '{"query":"q"}' }, 'q'],
    ['input', { 'input.value': '{"input":"i","chat_history":[]}' }, 'i'],
    ['question', { 'input.value': '{"question":"why?","chat_history":[]}' }, 'why?'],
    ['the keys in order: query_str before query', { 'input.value': '{"query":"second","query_str":"first"}' }, 'first'],
    // What LlamaIndex's instrumentor writes (_handler.py: the bound arguments as JSON)
    ['LlamaIndex retrieve(str_or_query_bundle)', { 'input.value': '{"str_or_query_bundle":"what is bm25"}', ...JSON_MIME }, 'what is bm25'],
    [
      'LlamaIndex _retrieve(query_bundle): one level down',
      { 'input.value': '{"query_bundle":{"query_str":"what is bm25","image_path":null,"custom_embedding_strs":null,"embedding":null}}', ...JSON_MIME },
      'what is bm25',
    ],
    ['LlamaIndex chat(message)', { 'input.value': '{"message":"hi there","chat_history":null}', ...JSON_MIME }, 'hi there'],
    ['a top-level key before a nested one', { 'input.value': '{"bundle":{"query":"nested"},"question":"top"}' }, 'top'],
    ['Haystack: two levels down', { 'input.value': '{"data":{"retriever":{"query":"descale?","top_k":3},"prompt_builder":{"question":"descale?"}}}' }, 'descale?'],
    ['a level before a deeper one, breadth first', { 'input.value': '{"a":{"b":{"query":"deep"}},"c":{"question":"shallow"}}' }, 'shallow'],
    ['not three levels down', { 'input.value': '{"a":{"b":{"c":{"query":"deep"}}}}' }, '{"a":{"b":{"c":{"query":"deep"}}}}'],
    ['a JSON object without a query: the value whole', { 'input.value': '{"foo":"bar"}' }, '{"foo":"bar"}'],
    ['said to be JSON but not: the value whole', { 'input.value': 'not json', ...JSON_MIME }, 'not json'],
    ['a JSON list: the value whole', { 'input.value': '["a"]', ...JSON_MIME }, '["a"]'],
    ['text that merely starts with a brace', { 'input.value': '{braces} in a query' }, '{braces} in a query'],
    ['an empty string at a key is skipped', { 'input.value': '{"query_str":"","query":"q"}' }, 'q'],
    ['gen_ai.retrieval.query.text without input.value', { 'gen_ai.retrieval.query.text': 'vpn' }, 'vpn'],
    ['input.value before gen_ai.retrieval.query.text', { 'input.value': 'a', 'gen_ai.retrieval.query.text': 'b' }, 'a'],
    ['neither', {}, undefined],
  ])('%s', (_rule, attributes, expected) => {
    expect(queryText(attributes)).toBe(expected);
  });
});

describe('a response text comes from output.value', () => {
  it.each<[string, string, string | null]>([
    ['plain text (LlamaIndex)', 'Refunds take 14 days.', 'Refunds take 14 days.'],
    ['LangChain agents: output', '{"output":"o","intermediate_steps":[]}', 'o'],
    ['conversational chains: answer', '{"answer":"a","source_documents":[]}', 'a'],
    ['RetrievalQA: result', '{"query":"q","result":"r"}', 'r'],
    ['LlamaIndex chat responses: response', '{"response":"r","sources":[],"source_nodes":[]}', 'r'],
    ['a message one level down: content', '{"output":{"content":"c","type":"ai"}}', 'c'],
    ['none of the keys', '{"messages":[]}', null],
  ])('%s', (_rule, value, expected) => {
    expect(valueText(value, undefined, RESPONSE_KEYS).text).toBe(expected);
  });
});
