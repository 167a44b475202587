import { describe, expect, it } from 'vitest';
import { checkAnswer, normalizeAnswer } from './answer-check';

describe('normalizeAnswer', () => {
  it.each([
    ['The  Grey-Quay works, in Port Alder!', 'grey quay works in port alder'],
    ['An Ebbridge River', 'ebbridge river'],
    ['Ｃｌａｒａ HARTWELL', 'clara hartwell'],
    ['Cafe\u0301 “Theatre”', 'café theatre'],
    ['O’Neil and a half', 'o neil and half'],
    ['  the  ', ''],
  ])('%s → %s', (text, normalized) => {
    expect(normalizeAnswer(text)).toBe(normalized);
  });
});

describe('checkAnswer', () => {
  it.each([
    ['Clara Hartwell', 'Clara Hartwell', 'match'],
    ['clara  hartwell.', 'Clara Hartwell', 'match'],
    ['The Millbrook Courier', 'Millbrook Courier', 'match'],
    ['the Ebbridge River', 'The Ebbridge river', 'match'],
    // the gold answer as a whole-word phrase inside a longer answer
    ['It was printed at the Grey Quay works in Port Alder.', 'the Grey Quay works in Port Alder', 'match'],
    ['Ｍｉｒｅｌａ Dunstan', 'Mirela Dunstan', 'match'],
    ['O\'Neil', 'O’Neil', 'match'],
    // the answer inside the gold answer is not enough
    ['Port Alder', 'the Grey Quay works in Port Alder', 'differs'],
    ['Daniel Okafor', 'Clara Hartwell', 'differs'],
    ['1921', '1959', 'differs'],
    // whole words only
    ['Hartwellington', 'Hartwell', 'differs'],
    ['cellos', 'the cello', 'differs'],
    ['Not found: the corpus does not say which instrument Agnes Lowe played', 'the cello', 'differs'],
    [null, 'Kestrel Bay', 'differs'],
  ] as const)('%s vs gold %s → %s', (answer, gold, verdict) => {
    expect(checkAnswer(answer, gold)).toBe(verdict);
  });

  it('is no_gold when the gold answer is absent or nothing of it is left once normalized', () => {
    expect(checkAnswer('anything', null)).toBe('no_gold');
    expect(checkAnswer('anything', ' The. ')).toBe('no_gold');
    expect(checkAnswer(null, null)).toBe('no_gold');
  });
});
