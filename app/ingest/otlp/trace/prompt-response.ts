import { textAttribute, type Attributes } from '../any-value';
import { isRetrievalSpan } from '../span-kind';
import type { SpanDefaults } from '../span-defaults';
import { citedAssetIds } from './citations';
import type { TraceDocument } from './document-identity';
import { ASSISTANT_ROLES, genAiMessages, lastMessageText, openInferenceMessages, USER_ROLES, type MessageList } from './llm-messages';
import { QUERY_KEYS, RESPONSE_KEYS, valueText } from './query-text';
import { isLlmSpan } from './span-roles';
import type { TraceTree } from './trace-tree';
import type { CollectedSpan } from './trace-types';

interface Side {
  value: 'input.value' | 'output.value';
  mimeType: 'input.mime_type' | 'output.mime_type';
  keys: readonly string[];
  messages: MessageList;
  genAiMessages: 'gen_ai.input.messages' | 'gen_ai.output.messages';
  roles: readonly string[];
}

const PROMPT_SIDE: Side = { value: 'input.value', mimeType: 'input.mime_type', keys: QUERY_KEYS, messages: 'llm.input_messages', genAiMessages: 'gen_ai.input.messages', roles: USER_ROLES };
const RESPONSE_SIDE: Side = { value: 'output.value', mimeType: 'output.mime_type', keys: RESPONSE_KEYS, messages: 'llm.output_messages', genAiMessages: 'gen_ai.output.messages', roles: ASSISTANT_ROLES };

const messageText = (attributes: Attributes, side: Side) =>
  lastMessageText(openInferenceMessages(attributes, side.messages), side.roles) ?? lastMessageText(genAiMessages(attributes[side.genAiMessages]), side.roles);

/**
 * The text of one side of the turn: the root's `input.value` / `output.value` (the string at one
 * of the side's keys when it is a JSON object, else the value whole); for a JSON object without
 * one, the last user (assistant) message of the root, else of the model call nearest that end
 * of the turn, else the JSON text whole. Without the value, GenAI's messages on the root or a
 * model call (OpenInference's messages alone make no turn: docs/log-format.md asks for `input.value`).
 */
function sideText(root: CollectedSpan, modelCalls: CollectedSpan[], side: Side): string | undefined {
  const { attributes } = root.span;
  const fromModelCalls = (read: (attributes: Attributes) => string | undefined) => {
    for (const call of modelCalls) {
      const text = read(call.span.attributes);
      if (text !== undefined) return text;
    }
    return undefined;
  };
  const value = textAttribute(attributes, side.value);
  if (value === undefined) {
    const genAi = (of: Attributes) => lastMessageText(genAiMessages(of[side.genAiMessages]), side.roles);
    return genAi(attributes) ?? fromModelCalls(genAi);
  }
  const read = valueText(value, textAttribute(attributes, side.mimeType), side.keys);
  if (read.text !== null) return read.text;
  return messageText(attributes, side) ?? fromModelCalls((of) => messageText(of, side)) ?? value;
}

/** The turn's prompt and response events, both placed at the root. */
export interface TurnEvents {
  root: CollectedSpan;
  prompt: Record<string, unknown> | null;
  response: Record<string, unknown> | null;
}

/**
 * A trace that holds a RETRIEVER or a model call is a turn; its root (the earliest span without
 * a parent in the trace) gives the `prompt`, at its start, and the `response`, at its end, with
 * the returned documents it cites. A root that is itself a retrieval (a bare retriever call) is
 * no turn: its input is a query, not a user's message.
 */
export function turnEvents(tree: TraceTree, defaultsOf: (collected: CollectedSpan) => SpanDefaults, returned: TraceDocument[]): TurnEvents | null {
  const root = tree.roots[0];
  if (root === undefined || isRetrievalSpan(root.span.attributes)) return null;
  const modelCalls = tree.spans.filter(({ span }) => isLlmSpan(span.attributes));
  if (modelCalls.length === 0 && !tree.spans.some(({ span }) => isRetrievalSpan(span.attributes))) return null;
  const { span } = root;
  const defaults = defaultsOf(root);
  const promptText = sideText(root, modelCalls, PROMPT_SIDE);
  const responseText = sideText(root, [...modelCalls].reverse(), RESPONSE_SIDE);
  return {
    root,
    prompt: promptText === undefined ? null : { type: 'prompt', event_id: `span:${span.spanId}:prompt`, ts: span.startMs, ...defaults, text: promptText },
    response: responseText === undefined ? null : {
      type: 'response',
      event_id: `span:${span.spanId}:response`,
      ts: span.endMs ?? span.startMs,
      ...defaults,
      text: responseText,
      cited_asset_ids: citedAssetIds(responseText, returned),
    },
  };
}
