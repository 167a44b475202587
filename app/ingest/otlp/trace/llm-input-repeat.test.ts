import { describe, expect, it } from 'vitest';
import type { Attributes } from '../any-value';
import { inputValueRepeatsMessages } from './llm-input-repeat';

const SYSTEM = 'Answer from the context.';
const USER = 'Context:\n"Refunds" take 14 days.\n\nQuery: how long?';
const messages = (...texts: string[]): Attributes =>
  Object.fromEntries(texts.flatMap((text, i) => [[`llm.input_messages.${i}.message.role`, i === 0 ? 'system' : 'user'], [`llm.input_messages.${i}.message.content`, text]]));
const arguments_ = (extra: Record<string, unknown> = {}, ...texts: string[]) =>
  JSON.stringify({ messages: texts.map((text, i) => ({ role: i === 0 ? 'system' : 'user', additional_kwargs: {}, blocks: [{ block_type: 'text', text }] })), ...extra });
const llm = (input: string, mimeType = 'application/json', ...texts: string[]): Attributes => ({
  'openinference.span.kind': 'LLM', 'input.value': input, 'input.mime_type': mimeType, ...messages(...texts),
});

describe("a model call's input.value that repeats its input messages", () => {
  it.each<[string, Attributes, boolean]>([
    ['the call\'s arguments as JSON, each message\'s text in it', llm(arguments_({}, SYSTEM, USER), 'application/json', SYSTEM, USER), true],
    ['not JSON by its mime type', llm(arguments_({}, SYSTEM, USER), 'text/plain', SYSTEM, USER), false],
    ['no input messages', llm(arguments_({}, SYSTEM, USER)), false],
    ['a message not in it', llm(arguments_({}, SYSTEM), 'application/json', SYSTEM, USER), false],
    ['more besides the messages (a tool list)', llm(arguments_({ tools: 'x'.repeat(500) }, SYSTEM, USER), 'application/json', SYSTEM, USER), false],
    ['the same text twice in the messages, once in it', llm(arguments_({}, USER), 'application/json', USER, USER), false],
    ['not a model call', { ...llm(arguments_({}, SYSTEM, USER), 'application/json', SYSTEM, USER), 'openinference.span.kind': 'CHAIN' }, false],
  ])('%s', (_rule, attributes, expected) => {
    expect(inputValueRepeatsMessages(attributes)).toBe(expected);
  });
});
