import type { Attributes } from '../any-value';
import { genAiMessages, openInferenceMessages } from './llm-messages';
import { normalizeWhitespace } from './text-match';

const PROMPT = /^llm\.prompts\.\d+(\.prompt\.text)?$/;

/** `llm.prompts`: a list of strings (LangChain), or flattened as `llm.prompts.<i>.prompt.text`. */
function promptTexts(attributes: Attributes): string[] {
  const texts: string[] = [];
  const prompts = attributes['llm.prompts'];
  if (Array.isArray(prompts)) for (const prompt of prompts) if (typeof prompt === 'string') texts.push(prompt);
  for (const key in attributes) {
    const value = attributes[key];
    if (typeof value === 'string' && PROMPT.test(key)) texts.push(value);
  }
  return texts;
}

/** Joins the parts: no whitespace-normalized text contains it, so no match spans two parts. */
const PART_SEPARATOR = '\u0000';

/**
 * Everything a model call was given to read, each part whitespace-normalized:
 * `input.value`, the input messages (OpenInference and GenAI), `llm.prompts`.
 */
export function llmInputText(attributes: Attributes): string {
  const parts: string[] = [];
  const input = attributes['input.value'];
  if (typeof input === 'string') parts.push(input);
  for (const message of openInferenceMessages(attributes, 'llm.input_messages')) parts.push(message.text);
  for (const message of genAiMessages(attributes['gen_ai.input.messages'])) parts.push(message.text);
  parts.push(...promptTexts(attributes));
  return parts.map(normalizeWhitespace).join(PART_SEPARATOR);
}
