import type { AttributeValue, Attributes } from '../any-value';

/** One message of a model call, its text parts joined. */
export interface MessageText {
  role: string | null;
  text: string;
}

export type MessageList = 'llm.input_messages' | 'llm.output_messages';

const MESSAGE_PART = {
  'llm.input_messages': /^llm\.input_messages\.(\d+)\.message\.(role|content|contents\.(\d+)\.message_content\.text)$/,
  'llm.output_messages': /^llm\.output_messages\.(\d+)\.message\.(role|content|contents\.(\d+)\.message_content\.text)$/,
} as const;

interface MessageParts {
  role: string | null;
  content: string | null;
  contents: Map<number, string>;
}

/**
 * OpenInference's flattened messages (`llm.input_messages.<i>.message.role`, `.message.content`,
 * `.message.contents.<j>.message_content.text`), in the order of `i`; a message's contents
 * follow its content, in the order of `j`.
 */
export function openInferenceMessages(attributes: Attributes, list: MessageList): MessageText[] {
  const byIndex = new Map<number, MessageParts>();
  const pattern = MESSAGE_PART[list];
  for (const key in attributes) {
    const match = pattern.exec(key);
    const value = attributes[key];
    if (!match || typeof value !== 'string') continue;
    const index = Number(match[1]);
    const parts = byIndex.get(index) ?? { role: null, content: null, contents: new Map<number, string>() };
    byIndex.set(index, parts);
    if (match[2] === 'role') parts.role = value;
    else if (match[2] === 'content') parts.content = value;
    else parts.contents.set(Number(match[3]), value);
  }
  return [...byIndex.keys()].sort((a, b) => a - b).map((index) => {
    const { role, content, contents } = byIndex.get(index)!;
    const texts = [...contents.keys()].sort((a, b) => a - b).map((j) => contents.get(j)!);
    return { role, text: [content, ...texts].filter((text) => text !== null).join('\n') };
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function genAiMessageText(message: Record<string, unknown>): string {
  if (typeof message.content === 'string') return message.content;
  const parts = Array.isArray(message.parts) ? message.parts : [];
  return parts
    .filter((part): part is Record<string, unknown> => isRecord(part) && part.type === 'text' && typeof part.content === 'string')
    .map((part) => part.content as string)
    .join('\n');
}

/** GenAI's `gen_ai.input.messages` / `gen_ai.output.messages`: `[{role, parts: [{type: "text", content}]}]`, as JSON text or structured. */
export function genAiMessages(value: AttributeValue | undefined): MessageText[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list
    .filter(isRecord)
    .map((message) => ({ role: typeof message.role === 'string' ? message.role : null, text: genAiMessageText(message) }));
}

/** The text of the last message with one of `roles` (case-insensitive) and some text. */
export function lastMessageText(messages: MessageText[], roles: readonly string[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const { role, text } = messages[i];
    if (role !== null && roles.includes(role.toLowerCase()) && text.trim() !== '') return text;
  }
  return undefined;
}

export const USER_ROLES = ['user', 'human'] as const;
export const ASSISTANT_ROLES = ['assistant', 'ai', 'model'] as const;
