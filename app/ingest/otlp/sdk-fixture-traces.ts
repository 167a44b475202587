/**
 * Test-only: the spans behind sdk-fixture.ts, recorded with the real OpenTelemetry JS SDK. Ids
 * come from a counter, in creation order: span n gets `b7ad6b716920330n` (two hex digits), the
 * trace of the n-th root span `0af7651916cd43dd8448eb211c80310n`.
 */
import { context, trace, type Span, type Tracer } from '@opentelemetry/api';
import { SemanticConventions as SC, OpenInferenceSpanKind } from '@arizeai/openinference-semantic-conventions';

const doc = (i: number, part: string) => `${SC.RETRIEVAL_DOCUMENTS}.${i}.${part}`;
export const at = (hhmmss: string) => new Date(`2026-03-02T${hhmmss}Z`);

const child = (tracer: Tracer, parent: Span, name: string, startTime: Date, attributes: Record<string, string | number>) =>
  tracer.startSpan(name, { startTime, attributes }, trace.setSpan(context.active(), parent));

/** Spans 1–4 in trace 1: an agent turn with two retriever calls and an LLM call, OpenInference style. */
export function recordOpenInferenceTurn(tracer: Tracer): void {
  const session = { [SC.SESSION_ID]: 'sess-oi', [SC.USER_ID]: 'user-7' };
  const agent = tracer.startSpan('support turn', {
    startTime: at('10:00:00.000'),
    attributes: { [SC.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.AGENT, ...session, 'rag.surface': 'chat' },
  });
  const retriever = child(tracer, agent, 'retrieve policies', at('10:00:01.000'), {
    [SC.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.RETRIEVER,
    [SC.INPUT_VALUE]: 'how do refunds work',
    ...session,
    'rag.surface': 'chat',
    'retrieval.role': 'reference',
    [doc(0, SC.DOCUMENT_ID)]: 'kb-refunds',
    [doc(0, SC.DOCUMENT_SCORE)]: 0.92,
    [doc(0, SC.DOCUMENT_CONTENT)]: 'Refunds are issued within 14 days.',
    [doc(0, SC.DOCUMENT_METADATA)]: JSON.stringify({ title: 'Refund policy', kind: 'policy', source: 'kb' }),
    [doc(1, SC.DOCUMENT_ID)]: 'kb-shipping',
    [doc(1, SC.DOCUMENT_SCORE)]: 0.55,
    [doc(1, SC.DOCUMENT_CONTENT)]: 'Shipping takes 3-5 days.',
    [doc(2, SC.DOCUMENT_ID)]: 17,
    [doc(2, SC.DOCUMENT_SCORE)]: 0.31,
  });
  retriever.end(at('10:00:01.250'));
  const llm = child(tracer, agent, 'generate answer', at('10:00:02.000'), {
    [SC.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.LLM,
    [SC.INPUT_VALUE]: 'Answer using: Refunds are issued within 14 days.',
    ...session,
  });
  llm.end(at('10:00:04.000'));
  const followUp = child(tracer, agent, 'retrieve follow-up', at('10:00:04.500'), {
    [SC.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.RETRIEVER,
    [SC.INPUT_VALUE]: 'refund for damaged item',
    'rag.rewrite_of': retriever.spanContext().spanId,
    [doc(0, SC.DOCUMENT_ID)]: 'kb-damaged',
    [doc(0, SC.DOCUMENT_SCORE)]: 0.77,
    [doc(0, SC.DOCUMENT_CONTENT)]: 'Items damaged in transit are refunded in full.',
  });
  followUp.end(at('10:00:04.600'));
  agent.addEvent('rag.action', {
    actor: 'user', action: 'place', consumed_asset_id: 'kb-refunds', source_retrieval_id: retriever.spanContext().spanId,
  }, at('10:00:05.000'));
  agent.addEvent('rag.feedback', { rating: 'up', retrieval_id: retriever.spanContext().spanId, event_id: 'fb-1' }, at('10:00:05.500'));
  agent.end(at('10:00:06.000'));
}

/** Spans 5–7 in trace 2 (an agent with a retrieval and a tool call) and span 8 alone in trace 3, GenAI style. */
export function recordGenAiTurns(tracer: Tracer): void {
  const conversation = { 'gen_ai.conversation.id': 'conv-9' };
  const agent = tracer.startSpan('invoke_agent helpdesk', {
    startTime: at('11:00:00.000'),
    attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'helpdesk', ...conversation },
  });
  agent.addEvent('gen_ai.user.message', { content: 'I forgot my password' }, at('11:00:00.100'));
  const retrieval = child(tracer, agent, 'retrieval kb', at('11:00:00.500'), {
    'gen_ai.operation.name': 'retrieval',
    'gen_ai.retrieval.query.text': 'reset my password',
    // the SDK takes no structured attribute values, so the list is the JSON string the convention allows
    'gen_ai.retrieval.documents': JSON.stringify([{ id: 'doc-a', score: 0.81 }, { id: 'doc-b', score: 0.42 }]),
    ...conversation,
  });
  retrieval.end(at('11:00:00.620'));
  const tool = child(tracer, agent, 'execute_tool reset_password', at('11:00:01.000'), {
    'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'reset_password', ...conversation,
  });
  tool.end(at('11:00:01.500'));
  agent.addEvent('rag.action', {
    actor: 'agent', action: 'use', consumed_asset_id: 'doc-a', source_retrieval_id: retrieval.spanContext().spanId,
  }, at('11:00:02.000'));
  agent.end(at('11:00:03.000'));

  const lone = tracer.startSpan('retrieval kb', {
    startTime: at('12:00:00.000'),
    attributes: { 'gen_ai.operation.name': 'retrieval', 'gen_ai.retrieval.query.text': 'vpn setup', 'gen_ai.retrieval.documents': '[]' },
  });
  lone.end(at('12:00:00.050'));
}
