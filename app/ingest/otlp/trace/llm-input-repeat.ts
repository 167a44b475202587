import type { Attributes } from '../any-value';
import { openInferenceMessages } from './llm-messages';
import { isLlmSpan } from './span-roles';

/** What `input.value` may hold besides its messages' texts, per message: the JSON around each (role, block type, empty kwargs). */
const JSON_AROUND_EACH_MESSAGE = 200;

/**
 * Whether a model call's `input.value` is its input messages again: LlamaIndex and LangChain write
 * the call's arguments as JSON there and the same messages as `llm.input_messages`, which made it
 * a third of the bytes a trace import stored. It is when `input.value` is JSON holding every input
 * message's text (as JSON writes it, in their order) and little else.
 */
export function inputValueRepeatsMessages(attributes: Attributes): boolean {
  const input = attributes['input.value'];
  if (typeof input !== 'string' || attributes['input.mime_type'] !== 'application/json' || !isLlmSpan(attributes)) return false;
  const messages = openInferenceMessages(attributes, 'llm.input_messages');
  if (messages.length === 0) return false;
  let besides = input.length;
  let from = 0;
  for (const { text } of messages) {
    const asJson = JSON.stringify(text).slice(1, -1);
    const at = input.indexOf(asJson, from);
    if (at === -1) return false;
    besides -= asJson.length;
    from = at + asJson.length;
  }
  return besides <= JSON_AROUND_EACH_MESSAGE * messages.length;
}
