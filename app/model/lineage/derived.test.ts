import { describe, expect, it } from 'vitest';
import { derivedMark } from './derived';

describe('derivedMark', () => {
  it.each([
    [null, null],
    [undefined, null],
    ['', null],
  ])('a logged action (%o) has none', (derived, expected) => {
    expect(derivedMark(derived)).toBe(expected);
  });

  it('names the rule in words and says it was not logged', () => {
    const mark = derivedMark('context-match')!;
    expect(mark.label).toBe('derived · context match');
    expect(mark.detail).toMatch(/^Not logged: .*LLM call/);
  });

  it('an unknown rule still reads as derived, with its name', () => {
    expect(derivedMark('citation_match')).toEqual({ label: 'derived · citation match', detail: 'Not logged: the import derived this action (rule "citation_match").' });
  });
});
