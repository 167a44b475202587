import { describe, expect, it } from 'vitest';
import { plainLabel, splitControls } from './control-characters';

describe('control characters in log text', () => {
  it('splits text into plain runs and the hidden controls between them', () => {
    expect(splitControls('a\u202Eb\u2066c\u2069')).toEqual([
      { text: 'a', control: false }, { text: '\u202E', control: true }, { text: 'b', control: false },
      { text: '\u2066', control: true }, { text: 'c', control: false }, { text: '\u2069', control: true },
    ]);
    expect(splitControls('plain\ttext\nline')).toEqual([{ text: 'plain\ttext\nline', control: false }]);
    expect(splitControls('\u001b[31m\u009b')).toEqual([{ text: '\u001b', control: true }, { text: '[31m', control: false }, { text: '\u009b', control: true }]);
  });

  it('a chart label names controls and is cut, so a 100,000-character category is a short label', () => {
    expect(plainLabel('x\u202Elmth.jsonl')).toBe('x[U+202E]lmth.jsonl');
    expect(plainLabel('W'.repeat(100_000), 10)).toBe(`${'W'.repeat(9)}…`);
    expect(plainLabel('exactly ten', 11)).toBe('exactly ten');
  });
});
