/**
 * A run of whitespace that is not already one space: one with a tab, newline or other whitespace
 * character in it, or two spaces. A lone space is left alone, which makes this ~5× faster than
 * replacing every run (`/\s+/g`) on prompt-sized texts with the same result.
 */
const WHITESPACE_TO_REWRITE = /(?: ?[^\S ]| {2})\s*/g;

/** Runs of whitespace as one space, trimmed: how docs/log-format.md compares document and prompt texts. */
export const normalizeWhitespace = (text: string): string => text.replace(WHITESPACE_TO_REWRITE, ' ').trim();

const WORD_CHARACTER = /[\p{L}\p{N}_-]/u;
const isWordCharacter = (character: string | undefined) => character !== undefined && WORD_CHARACTER.test(character);

/**
 * Whether `term` (an id, a title) occurs in `text` as a whole: where the term starts or ends
 * with a letter, digit, `_` or `-`, the neighbouring character must not be one, so that id `7`
 * is not found in `17` nor `doc-1` in `doc-12`.
 */
export function containsTerm(text: string, term: string): boolean {
  if (term === '') return false;
  const checkStart = isWordCharacter(term[0]);
  const checkEnd = isWordCharacter(term[term.length - 1]);
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + 1)) {
    if (checkStart && isWordCharacter(text[at - 1])) continue;
    if (checkEnd && isWordCharacter(text[at + term.length])) continue;
    return true;
  }
  return false;
}
