import { ReadProblem } from './text-decode';
import { errorMessage } from '../lib/error-message';

/** Messages of the JavaScript engine itself, which say nothing to someone loading a log. */
const ENGINE_MESSAGES: [RegExp, string][] = [
  [/Invalid string length|Array buffer allocation failed|out of memory/i, 'a part of the file is too large to hold in memory'],
  [/Maximum call stack size exceeded|too much recursion/i, 'the data is nested too deeply to read'],
  [/is not iterable|is not a function|Cannot read propert|undefined|null/i, 'the file has a shape the reader did not expect'],
];

/**
 * Why reading a file stopped, in words for its user: a ReadProblem says it already; an error of
 * the JavaScript engine is named by what it means, never by its own text.
 */
export function readFailure(error: unknown): string {
  if (error instanceof ReadProblem) return error.message;
  const message = errorMessage(error);
  const known = ENGINE_MESSAGES.find(([pattern]) => pattern.test(message));
  if (known) return `could not read the file: ${known[1]}; the lines before that point are loaded`;
  return `could not read the file: ${message}`;
}
