import { describe, expect, it } from 'vitest';
import { resolveTrace } from './resolve-trace';
import { at, documents, TRACE, traceSpans, type TraceSpanSpec } from './trace-test-builders';
import type { TraceOutput } from './trace-types';

const resolve = (specs: TraceSpanSpec[], resource: Record<string, string> = {}) => resolveTrace(traceSpans(specs, resource));
const eventsOf = (output: TraceOutput, type: string) => output.events.map(({ event }) => event).filter((event) => event.type === type);
const textOf = (output: TraceOutput, type: 'prompt' | 'response') => eventsOf(output, type)[0]?.text;

const RETRIEVAL: TraceSpanSpec = { id: 'ret', parent: 'root', kind: 'RETRIEVER', name: 'R.retrieve', start: 1, attributes: documents([{ id: 'kb-1' }]) };
const LLM: TraceSpanSpec = { id: 'llm', parent: 'root', kind: 'LLM', start: 5 };
const root = (attributes: Record<string, string>, kind = 'CHAIN'): TraceSpanSpec => ({ id: 'root', kind, name: 'turn', ms: 100, attributes });
const userMessages = (...texts: string[]) => Object.fromEntries(texts.flatMap((text, i) => [[`llm.input_messages.${i}.message.role`, 'user'], [`llm.input_messages.${i}.message.content`, text]]));

describe('the root of a turn gives its prompt', () => {
  it.each<[string, TraceSpanSpec[], string | undefined]>([
    ['plain input.value (LlamaIndex query engine)', [root({ 'input.value': 'how do refunds work' }), RETRIEVAL], 'how do refunds work'],
    ['a JSON input: question (LangChain conversational chain)', [root({ 'input.value': '{"question":"why?","chat_history":[]}', 'input.mime_type': 'application/json' }), RETRIEVAL], 'why?'],
    ['a JSON input: message (LlamaIndex chat engine)', [root({ 'input.value': '{"message":"hello","chat_history":null}' }), LLM], 'hello'],
    [
      'a JSON input without a query key: the last user message of a model call',
      [root({ 'input.value': '{"messages":[["user","hi"]]}' }), { ...LLM, attributes: userMessages('older', 'the question') }],
      'the question',
    ],
    ['a JSON input and no message anywhere: the JSON whole', [root({ 'input.value': '{"messages":[]}' }), LLM], '{"messages":[]}'],
    ['a trace with only a model call', [root({ 'input.value': 'just chat' }, 'AGENT'), LLM], 'just chat'],
    ['no input.value: no prompt', [root({}), RETRIEVAL, { ...LLM, attributes: userMessages('q') }], undefined],
    [
      'GenAI: gen_ai.input.messages of a chat span',
      [
        { id: 'root', name: 'invoke_agent helpdesk', attributes: { 'gen_ai.operation.name': 'invoke_agent' } },
        { id: 'chat', parent: 'root', start: 2, attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.input.messages': '[{"role":"user","parts":[{"type":"text","content":"reset my password"}]}]' } },
      ],
      'reset my password',
    ],
    ['an indexing trace (EMBEDDING spans only) is no turn', [root({ 'input.value': 'index these' }), { id: 'emb', parent: 'root', kind: 'EMBEDDING', start: 1 }], undefined],
    ['a bare retriever call is no turn', [{ ...RETRIEVAL, parent: null, attributes: { 'input.value': 'q' } }], undefined],
  ])('%s', (_case, specs, expected) => {
    expect(textOf(resolve(specs), 'prompt')).toBe(expected);
  });
});

describe('and its response', () => {
  it.each<[string, TraceSpanSpec[], string | undefined]>([
    ['plain output.value', [root({ 'input.value': 'q', 'output.value': 'Refunds take 14 days.' }), RETRIEVAL], 'Refunds take 14 days.'],
    ['LangChain: answer', [root({ 'input.value': 'q', 'output.value': '{"answer":"a","source_documents":[]}' }), RETRIEVAL], 'a'],
    ['LangChain: output', [root({ 'input.value': 'q', 'output.value': '{"output":"o"}' }), LLM], 'o'],
    [
      'a JSON output without a key: the last model call\'s last assistant message',
      [
        root({ 'input.value': 'q', 'output.value': '{"messages":[]}' }),
        { ...LLM, attributes: { 'llm.output_messages.0.message.role': 'assistant', 'llm.output_messages.0.message.content': 'first draft' } },
        { ...LLM, id: 'llm2', start: 9, attributes: { 'llm.output_messages.0.message.role': 'assistant', 'llm.output_messages.0.message.content': 'final answer' } },
      ],
      'final answer',
    ],
    ['no output.value: no response', [root({ 'input.value': 'q' }), RETRIEVAL], undefined],
  ])('%s', (_case, specs, expected) => {
    expect(textOf(resolve(specs), 'response')).toBe(expected);
  });

  it('are placed at the root: the prompt at its start, the response at its end', () => {
    const output = resolve([root({ 'input.value': 'q', 'output.value': 'a', 'session.id': 's1' }), RETRIEVAL]);
    const common = { session_id: 's1', request_id: TRACE, turn_id: TRACE };
    expect(eventsOf(output, 'prompt')).toEqual([{ type: 'prompt', event_id: 'span:root:prompt', ts: at(0), ...common, text: 'q' }]);
    expect(eventsOf(output, 'response')).toEqual([{ type: 'response', event_id: 'span:root:response', ts: at(100), ...common, text: 'a', cited_asset_ids: [] }]);
    expect(output.events.filter(({ event }) => event.type !== 'retrieval').every(({ place }) => place.line === 1)).toBe(true);
  });

  it('none is derived beside the app\'s own rag.prompt / rag.response', () => {
    const output = resolve([
      { ...root({ 'input.value': 'q', 'output.value': 'a' }), events: [{ name: 'rag.prompt', attributes: { text: 'logged q' } }, { name: 'rag.response', attributes: { text: 'logged a' } }] },
      RETRIEVAL,
    ]);
    expect(eventsOf(output, 'prompt').map((event) => event.text)).toEqual(['logged q']);
    expect(eventsOf(output, 'response').map((event) => event.text)).toEqual(['logged a']);
    const onlyPrompt = resolve([{ ...root({ 'input.value': 'q', 'output.value': 'a' }), events: [{ name: 'rag.prompt', attributes: { text: 'logged q' } }] }, RETRIEVAL]);
    expect([...eventsOf(onlyPrompt, 'prompt'), ...eventsOf(onlyPrompt, 'response')].map((event) => event.text)).toEqual(['logged q', 'a']);
  });

  it('keeps the root on the timeline', () => {
    const output = resolve([root({ 'input.value': 'q', 'output.value': 'a' }), RETRIEVAL]);
    expect(output.spans.map(({ span }) => span.span_id)).toEqual(['root']);
  });
});

describe('a response cites the returned documents it quotes', () => {
  const trace = (response: string, docs: Parameters<typeof documents>[0]) => resolve([
    root({ 'input.value': 'q', 'output.value': response }),
    { ...RETRIEVAL, attributes: documents(docs) },
  ]);
  it.each<[string, string, Parameters<typeof documents>[0], string[]]>([
    ['by id', 'See kb-1 and kb-3.', [{ id: 'kb-1' }, { id: 'kb-2' }, { id: 'kb-3' }], ['kb-1', 'kb-3']],
    ['by metadata.title', 'As the Refund policy says…', [{ id: 'kb-1', metadata: '{"title":"Refund policy"}' }], ['kb-1']],
    ['a document with a content id, by its title', 'See "Refund policy".', [{ content: 'x', metadata: '{"title":"Refund policy"}' }], ['content:2d711642b726b044']],
    ['not an id inside a longer one', 'See kb-12.', [{ id: 'kb-1' }], []],
    ['in returned order, each once', 'kb-2, kb-1, kb-2', [{ id: 'kb-1' }, { id: 'kb-2' }, { id: 'kb-1' }], ['kb-1', 'kb-2']],
  ])('%s', (_case, response, docs, cited) => {
    expect(eventsOf(trace(response, docs), 'response')[0].cited_asset_ids).toEqual(cited);
  });
});

describe('every event of a trace belongs to its turn', () => {
  const specs: TraceSpanSpec[] = [
    { ...root({ 'input.value': 'q', 'session.id': 'from-root', 'user.id': 'u1', 'rag.surface': 'chat' }), events: [{ name: 'rag.feedback', attributes: { rating: 'up' } }] },
    { ...RETRIEVAL, attributes: { ...documents([{ id: 'kb-1' }]), 'session.id': 'own-session' } },
    { id: 'tool', parent: 'root', kind: 'TOOL', start: 3, events: [{ name: 'rag.action', attributes: { actor: 'user', action: 'place', consumed_asset_id: 'kb-1' } }] },
  ];
  const fields = (output: TraceOutput) => output.events
    .filter(({ event }) => event.session_id !== undefined)
    .map(({ event }) => [event.type, event.session_id, event.user_id, event.turn_id, event.surface]);

  it('turn = the trace; session, user and surface: the span\'s own, else the trace\'s (the root first)', () => {
    expect(fields(resolve(specs))).toEqual([
      ['prompt', 'from-root', 'u1', TRACE, 'chat'],
      ['feedback', 'from-root', 'u1', TRACE, 'chat'],
      ['retrieval', 'own-session', 'u1', TRACE, 'chat'],
      ['action', 'from-root', 'u1', TRACE, 'chat'],
    ]);
  });

  it('rag.turn_id on the resource names the turn', () => {
    expect(fields(resolve(specs, { 'rag.turn_id': 't-7' })).map((row) => row[3])).toEqual(['t-7', 't-7', 't-7', 't-7']);
  });

  it('rag.turn_id on one span names the turn of every span', () => {
    const [first, ...rest] = specs;
    const withTurn = [{ ...first, attributes: { ...first.attributes, 'rag.turn_id': 't-9' } }, ...rest];
    expect(fields(resolve(withTurn)).map((row) => row[3])).toEqual(['t-9', 't-9', 't-9', 't-9']);
  });

  it('without any session, the trace id is the session', () => {
    const output = resolve([root({ 'input.value': 'q' }), RETRIEVAL]);
    expect(output.events.filter(({ event }) => event.session_id !== undefined).map(({ event }) => event.session_id)).toEqual([TRACE, TRACE]);
  });

  it('an app event that cannot be mapped is rejected where it stands', () => {
    const output = resolve([{ ...root({}), events: [{ name: 'rag.bogus' }] }, RETRIEVAL]);
    expect(output.rejected).toMatchObject([{ reason: 'unknown_type', place: { line: 1, position: 'resourceSpans[0].scopeSpans[0].spans[0].events[0]' } }]);
  });
});

describe('the order of the events', () => {
  it('by the start of the span each came from, then prompt, retrieval, assets, uses, app events, response', () => {
    const output = resolve([
      { ...LLM, start: 50, attributes: { 'input.value': 'Use: alpha text' } },
      { ...RETRIEVAL, start: 10, attributes: documents([{ id: 'kb-1', content: 'alpha text' }]) },
      { ...root({ 'input.value': 'q', 'output.value': 'a' }), events: [{ name: 'rag.feedback', attributes: { rating: 'up' } }] },
    ]);
    expect(output.events.map(({ event, place }) => `${place.line}:${event.type}`)).toEqual(['3:prompt', '3:feedback', '3:response', '2:retrieval', '2:asset', '1:action']);
  });
});

describe('spans that repeat', () => {
  it('map once and reject the copy', () => {
    const output = resolve([RETRIEVAL, { ...RETRIEVAL }]);
    expect(eventsOf(output, 'retrieval')).toHaveLength(1);
    expect(output.rejected).toMatchObject([{ reason: 'duplicate_event_id', field: 'spanId', place: { line: 2 } }]);
  });
});
