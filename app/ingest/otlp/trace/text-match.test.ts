import { describe, expect, it } from 'vitest';
import { containsTerm, normalizeWhitespace } from './text-match';

describe('normalizeWhitespace', () => {
  it.each<[string, string, string]>([
    ['runs of spaces, tabs and newlines become one space', 'a  b\t\tc\n\nd', 'a b c d'],
    ['trimmed', '  a b \n', 'a b'],
    ['a non-breaking space is whitespace', 'a\u00a0b', 'a b'],
    ['only whitespace', ' \n\t ', ''],
    ['a lone space kept, a space before a newline or tab folded in', 'a b \nc\t d  \te', 'a b c d e'],
    ['other Unicode whitespace in a run', 'a \u2028\u3000b\ufeff', 'a b'],
  ])('%s', (_rule, text, expected) => {
    expect(normalizeWhitespace(text)).toBe(expected);
  });

  it('equals replacing every run of whitespace by one space, on every short mix of whitespace and letters', () => {
    const characters = [' ', '\n', '\t', '\r', '\u00a0', '\u2028', '\ufeff', 'a', 'é'];
    const byEveryRun = (text: string) => text.replace(/\s+/g, ' ').trim();
    const texts = [''];
    for (let length = 1; length <= 4; length++) for (const text of texts.filter((t) => t.length === length - 1)) for (const c of characters) texts.push(text + c);
    for (const text of texts) expect(normalizeWhitespace(text), JSON.stringify(text)).toBe(byEveryRun(text));
  });
});

describe('containsTerm', () => {
  it.each<[string, string, string, boolean]>([
    ['a term inside a sentence', 'see kb-refunds for details', 'kb-refunds', true],
    ['at the start and the end of the text', 'kb-1', 'kb-1', true],
    ['not inside a longer id', 'see doc-12', 'doc-1', false],
    ['not a number inside a number', 'costs 170 dollars', '17', false],
    ['a later whole occurrence after a partial one', 'doc-12 and doc-1.', 'doc-1', true],
    ['a title ending in punctuation, followed by a letter', 'Read "What is X?"now', 'What is X?', true],
    ['quoted', 'as "Refund policy" says', 'Refund policy', true],
    ['case matters', 'refund policy', 'Refund policy', false],
    ['an empty term is never found', 'anything', '', false],
  ])('%s', (_rule, text, term, expected) => {
    expect(containsTerm(text, term)).toBe(expected);
  });
});
