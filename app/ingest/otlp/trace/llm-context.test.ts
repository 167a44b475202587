import { describe, expect, it } from 'vitest';
import type { Attributes } from '../any-value';
import { llmInputText } from './llm-context';
import { genAiMessages, lastMessageText, openInferenceMessages, USER_ROLES } from './llm-messages';

const GEN_AI_MESSAGES = JSON.stringify([
  { role: 'system', parts: [{ type: 'text', content: 'Be brief.' }] },
  { role: 'user', parts: [{ type: 'text', content: 'first' }, { type: 'image', uri: 'x' }, { type: 'text', content: 'question' }] },
]);

describe('what a model call was given to read', () => {
  it.each<[string, Attributes, string[]]>([
    ['input.value, whitespace-normalized', { 'input.value': 'Answer\n\n using:  A' }, ['Answer using: A']],
    [
      'llm.input_messages: content, and contents in order',
      {
        'llm.input_messages.1.message.contents.1.message_content.text': 'second part',
        'llm.input_messages.1.message.contents.0.message_content.text': 'first part',
        'llm.input_messages.0.message.content': 'system text',
        'llm.input_messages.0.message.role': 'system',
      },
      ['system text', 'first part second part'],
    ],
    ['llm.prompts as a list (LangChain)', { 'llm.prompts': ['Human: context A'] }, ['Human: context A']],
    ['llm.prompts flattened', { 'llm.prompts.0.prompt.text': 'p0' }, ['p0']],
    ['gen_ai.input.messages: the text parts', { 'gen_ai.input.messages': GEN_AI_MESSAGES }, ['Be brief.', 'first question']],
  ])('%s', (_rule, attributes, parts) => {
    expect(llmInputText(attributes).split('\u0000')).toEqual(parts);
  });
});

describe('the last user message', () => {
  it.each<[string, Attributes, string | undefined]>([
    [
      'OpenInference: the last with role user',
      {
        'llm.input_messages.0.message.role': 'user', 'llm.input_messages.0.message.content': 'earlier',
        'llm.input_messages.1.message.role': 'assistant', 'llm.input_messages.1.message.content': 'reply',
        'llm.input_messages.2.message.role': 'user', 'llm.input_messages.2.message.content': 'latest',
        'llm.input_messages.3.message.role': 'tool', 'llm.input_messages.3.message.content': 'tool output',
      },
      'latest',
    ],
    ['LangChain: role human', { 'llm.input_messages.0.message.role': 'human', 'llm.input_messages.0.message.content': 'hi' }, 'hi'],
    ['none', { 'llm.input_messages.0.message.role': 'system', 'llm.input_messages.0.message.content': 'x' }, undefined],
  ])('%s', (_rule, attributes, expected) => {
    expect(lastMessageText(openInferenceMessages(attributes, 'llm.input_messages'), USER_ROLES)).toBe(expected);
  });

  it('GenAI: the text parts of the last user message', () => {
    expect(lastMessageText(genAiMessages(GEN_AI_MESSAGES), USER_ROLES)).toBe('first\nquestion');
  });
});
