import { TERMINAL_CONTROLS } from '../lib/control-characters';

/**
 * Text from a log as a terminal shows it: every control written as a visible `\uXXXX` escape. The
 * escape is also JSON's, so `--json` output stays valid and means the same once parsed.
 */
export function terminalText(text: string): string {
  return text.replace(TERMINAL_CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
