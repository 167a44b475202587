import { describe, expect, it } from 'vitest';
import { jsonErrorMessage } from './json-error';

const messageFor = (raw: string) => {
  try {
    JSON.parse(raw);
  } catch (error) {
    return jsonErrorMessage(raw, error);
  }
  throw new Error(`${raw} parsed`);
};

describe('why a record is not JSON, in the app\'s own words', () => {
  it.each([
    ['{"score":NaN}', 'NaN (at character 10) is not a JSON value: write null, or leave the field out'],
    ['{"score":-Infinity}', '-Infinity (at character 10) is not a JSON value: write null, or leave the field out'],
    ['{"text":"NaN, Infinity",  "score":Infinity}', 'Infinity (at character 35) is not a JSON value: write null, or leave the field out'],
    ['{"type":"asset","ti', 'not valid JSON: the text ends before the JSON value is complete (the line may be cut short)'],
    ['{"type":"asset"', 'not valid JSON: the text ends before the JSON value is complete (the line may be cut short)'],
    ['{"type":"asset";}', 'not valid JSON: unexpected ";" at character 16'],
  ])('%s', (raw, message) => {
    expect(messageFor(raw)).toBe(message);
  });

  it('a word in a string that only looks like NaN is not taken for one', () => {
    expect(messageFor('{"text":"NaN"')).toBe('not valid JSON: the text ends before the JSON value is complete (the line may be cut short)');
  });
});
