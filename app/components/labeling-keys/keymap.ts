/**
 * The one keyboard model of the labeling screens (Annotate, Review, Agreement, the session
 * inspector): which key asks for what, and when a key is text rather than a shortcut. Pure: the
 * hook (use-labeling-keys.ts) turns a KeyboardEvent into a KeyPress and runs the action.
 */

export type CommandName = 'next' | 'previous' | 'down' | 'up' | 'submit' | 'skip' | 'undo' | 'note' | 'intents' | 'help' | 'escape';
export type LabelingAction = { name: 'value'; key: string } | { name: CommandName };

export interface KeyPress {
  key: string;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
  /** The key went to a field that takes text (isTypingTarget). */
  typing: boolean;
  /** The key went to a button, link or summary: Enter presses that, it does not submit. */
  onControl: boolean;
}

/** The single-key commands. No value key of any kind (values.ts) is among them. */
export const COMMAND_KEYS: Readonly<Record<string, CommandName>> = {
  Enter: 'submit',
  j: 'next',
  ArrowRight: 'next',
  k: 'previous',
  ArrowLeft: 'previous',
  ArrowDown: 'down',
  ArrowUp: 'up',
  s: 'skip',
  z: 'undo',
  '.': 'note',
  i: 'intents',
  '?': 'help',
};

/** Input types whose keys are not text: a key on a checkbox is still a shortcut. */
const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** The one answer to "is the user typing": a text field, a select, or editable content. */
export function isTypingTarget(target: { tagName?: string; type?: string; isContentEditable?: boolean } | null): boolean {
  if (!target || typeof target.tagName !== 'string') return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !NOT_TEXT.has((target.type ?? 'text').toLowerCase());
}

/**
 * What a key asks for, or null to leave it to the browser. While typing only Ctrl/⌘ Enter (leave
 * the field, then submit) and Esc (leave the field) are shortcuts; Ctrl/⌘ Z there undoes typing.
 */
export function labelingAction(press: KeyPress, valueKeys: ReadonlySet<string>): LabelingAction | null {
  const command = press.ctrl || press.meta;
  if (command && press.key === 'Enter') return { name: 'submit' };
  if (press.key === 'Escape') return { name: 'escape' };
  if (press.typing || press.alt) return null;
  if (command) return press.key.toLowerCase() === 'z' && !press.shift ? { name: 'undo' } : null;
  if (valueKeys.has(press.key)) return { name: 'value', key: press.key };
  const name = Object.hasOwn(COMMAND_KEYS, press.key) ? COMMAND_KEYS[press.key] : undefined;
  if (!name || (name === 'submit' && press.onControl)) return null;
  return { name };
}
