import { describe, expect, it } from 'vitest';
import { resolveTrace } from './resolve-trace';
import { at, documents, TRACE, traceSpans, type DocumentSpec, type TraceSpanSpec } from './trace-test-builders';
import type { TraceOutput } from './trace-types';

const LONG = 'Refunds are issued within fourteen days of the return reaching our warehouse, to the original payment method.';
const DOCS: DocumentSpec[] = [
  { id: 'kb-refunds', content: LONG },
  { id: 'kb-short', content: 'Ship in 3-5 days.' },
  { id: 'kb-unused', content: 'Gift cards never expire.' },
];
const ROOT: TraceSpanSpec = { id: 'root', kind: 'CHAIN', ms: 500 };
const RETRIEVAL: TraceSpanSpec = { id: 'ret', parent: 'root', kind: 'RETRIEVER', start: 100, ms: 20, attributes: documents(DOCS) };
const llm = (id: string, start: number, attributes: Record<string, string>): TraceSpanSpec => ({ id, parent: 'root', kind: 'LLM', start, attributes });

const uses = (output: TraceOutput) => output.events
  .map(({ event }) => event)
  .filter((event) => event.type === 'action')
  .map((event) => `${event.event_id} ${event.consumed_asset_id}`);

describe('a returned document in a later model call\'s input is used by the agent', () => {
  it.each<[string, TraceSpanSpec[], string[]]>([
    ['its content in input.value', [ROOT, RETRIEVAL, llm('gen', 200, { 'input.value': `Context:\n${LONG}\nQuestion: refunds?` })], ['span:gen:use:0 kb-refunds']],
    [
      'compared whitespace-normalized',
      [ROOT, RETRIEVAL, llm('gen', 200, { 'llm.input_messages.0.message.content': 'Context:  Refunds are issued\n\nwithin   fourteen days of the return reaching our warehouse, to the' })],
      ['span:gen:use:0 kb-refunds'],
    ],
    ['the first 64 characters suffice', [ROOT, RETRIEVAL, llm('gen', 200, { 'input.value': `${LONG.slice(0, 64)}#` })], ['span:gen:use:0 kb-refunds']],
    ['63 do not', [ROOT, RETRIEVAL, llm('gen', 200, { 'input.value': `${LONG.slice(0, 63)}#` })], []],
    ['a short text whole', [ROOT, RETRIEVAL, llm('gen', 200, { 'input.value': 'Note: Ship in 3-5 days.' })], ['span:gen:use:0 kb-short']],
    ['its id', [ROOT, RETRIEVAL, llm('gen', 200, { 'input.value': 'See [kb-unused].' })], ['span:gen:use:0 kb-unused']],
    ['not an id inside a longer one', [ROOT, RETRIEVAL, llm('gen', 200, { 'input.value': 'See kb-unused-2.' })], []],
    [
      'in message contents, llm.prompts and GenAI messages',
      [
        ROOT, RETRIEVAL,
        llm('a', 200, { 'llm.input_messages.0.message.contents.0.message_content.text': LONG }),
        { ...llm('b', 210, {}), attributes: { 'llm.prompts': ['Human: Ship in 3-5 days.'] } },
        { id: 'c', parent: 'root', start: 220, attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'Gift cards never expire.' }] }]) } },
      ],
      ['span:a:use:0 kb-refunds', 'span:b:use:0 kb-short', 'span:c:use:0 kb-unused'],
    ],
    ['a model call that started before the retrieval: no use', [ROOT, RETRIEVAL, llm('early', 50, { 'input.value': LONG })], []],
    ['one that starts with it counts', [ROOT, RETRIEVAL, llm('same', 100, { 'input.value': LONG })], ['span:same:use:0 kb-refunds']],
    [
      'once per retrieval and asset, at the first model call; n counts each call\'s uses',
      [ROOT, RETRIEVAL, llm('first', 200, { 'input.value': `${LONG} Ship in 3-5 days.` }), llm('second', 300, { 'input.value': `${LONG} Gift cards never expire.` })],
      ['span:first:use:0 kb-refunds', 'span:first:use:1 kb-short', 'span:second:use:0 kb-unused'],
    ],
    [
      // Haystack's rankers write their run arguments, the candidate documents included, as input.value.
      'a RERANKER span is no model call: its input is no use',
      [ROOT, RETRIEVAL, { id: 'rr', parent: 'root', kind: 'RERANKER', start: 150, attributes: { 'input.value': JSON.stringify({ query: 'refunds?', documents: [LONG, 'Ship in 3-5 days.'] }), ...documents(DOCS, 'reranker.input_documents') } }],
      [],
    ],
    [
      'a reranker\'s own model call is one (LlamaIndex LLMRerank › OpenAI.chat)',
      [
        ROOT, RETRIEVAL,
        { id: 'rr', parent: 'root', kind: 'RERANKER', start: 150, ms: 100, attributes: { 'input.value': 'refunds?', ...documents(DOCS, 'reranker.input_documents') } },
        { ...llm('rr-llm', 160, { 'llm.input_messages.0.message.content': `Document 1:\n${LONG}\n\nDocument 2:\nShip in 3-5 days.` }), parent: 'rr' },
      ],
      ['span:rr-llm:use:0 kb-refunds', 'span:rr-llm:use:1 kb-short'],
    ],
    [
      'a document with a content id, by its content',
      [ROOT, { ...RETRIEVAL, attributes: documents([{ content: 'Ship in 3-5 days.' }]) }, llm('gen', 200, { 'input.value': 'Ship in 3-5 days.' })],
      ['span:gen:use:0 content:4a2d59a261f9b113'], // sha256("Ship in 3-5 days."), from Node's crypto,
    ],
  ])('%s', (_case, specs, expected) => {
    expect(uses(resolveTrace(traceSpans(specs)))).toEqual(expected);
  });

  it('as an agent use action, derived, with the retrieval as its source', () => {
    const output = resolveTrace(traceSpans([{ ...ROOT, attributes: { 'session.id': 's1' } }, RETRIEVAL, llm('gen', 200, { 'input.value': LONG })]));
    const [action] = output.events.filter(({ event }) => event.type === 'action');
    expect(action.place.line).toBe(3);
    expect(action.event).toEqual({
      type: 'action', event_id: 'span:gen:use:0', ts: at(200), session_id: 's1', request_id: TRACE, turn_id: TRACE,
      actor: 'agent', action: 'use', consumed_asset_id: 'kb-refunds', source_retrieval_id: 'ret', derived: 'context-match',
    });
  });

  it('each retrieval its own uses, from the calls after it', () => {
    const output = resolveTrace(traceSpans([
      ROOT,
      RETRIEVAL,
      { ...RETRIEVAL, id: 'ret2', start: 250 },
      llm('gen', 200, { 'input.value': LONG }),
      llm('gen2', 300, { 'input.value': LONG }),
    ]));
    const actions = output.events.map(({ event }) => event).filter((event) => event.type === 'action');
    expect(actions.map((event) => `${event.source_retrieval_id} ${event.event_id}`)).toEqual(['ret span:gen:use:0', 'ret2 span:gen2:use:0']);
  });
});
