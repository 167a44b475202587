import { describe, expect, it } from 'vitest';
import { decodeAnyValue, readAttributes } from './any-value';
import { normalizeId, readId } from './otlp-ids';
import { unixNanoToMs } from './otlp-time';

describe('decodeAnyValue', () => {
  it.each<[string, unknown, unknown]>([
    ['stringValue', { stringValue: 'a' }, 'a'],
    ['an empty stringValue', { stringValue: '' }, ''],
    ['intValue as a number (the JS SDK)', { intValue: 42 }, 42],
    ['intValue as a string (protobuf JSON)', { intValue: '42' }, 42],
    ['a negative intValue string', { intValue: '-7' }, -7],
    ['doubleValue', { doubleValue: 0.25 }, 0.25],
    ['doubleValue as a string', { doubleValue: '0.25' }, 0.25],
    ['doubleValue NaN spelled out', { doubleValue: 'NaN' }, NaN],
    ['boolValue', { boolValue: false }, false],
    ['bytesValue as its base64 text', { bytesValue: 'AQI=' }, 'AQI='],
    ['arrayValue, nested', { arrayValue: { values: [{ intValue: 1 }, { arrayValue: { values: [{ stringValue: 'x' }] } }, {}] } }, [1, ['x'], null]],
    ['an empty arrayValue', { arrayValue: {} }, []],
    ['kvlistValue', { kvlistValue: { values: [{ key: 'id', value: { stringValue: 'a' } }, { key: 'score', value: { doubleValue: 0.5 } }] } }, { id: 'a', score: 0.5 }],
    ['an empty value (the SDK writes {} for null)', {}, undefined],
    ['an intValue that is no number', { intValue: 'many' }, undefined],
    ['a value that is not an object', 'a', undefined],
  ])('%s', (_case, value, expected) => {
    expect(decodeAnyValue(value)).toEqual(expected);
  });

  it('decodes a KeyValue list, leaving out entries without a key or a value', () => {
    expect(readAttributes([{ key: 'a', value: { stringValue: 'x' } }, { value: { stringValue: 'y' } }, { key: 'b', value: {} }, { key: 'c' }, 'junk'])).toEqual({ ok: true, attributes: { a: 'x' } });
    expect(readAttributes(undefined)).toEqual({ ok: true, attributes: {} });
  });
});

describe('unixNanoToMs', () => {
  it.each<[string, unknown, number | null]>([
    ['a string of nanoseconds', '1772445601123000000', 1772445601123],
    ['a number of nanoseconds', 1772445601123000000, 1772445601123],
    ['sub-millisecond nanoseconds as a fraction', '1772445601123500000', 1772445601123.5],
    ['fewer than seven digits', '500000', 0.5],
    ['zero (unset)', '0', null],
    ['an empty string', '', null],
    ['a decimal string', '17.5e9', null],
    ['a negative number', -5, null],
    ['nothing', undefined, null],
  ])('%s', (_case, value, expected) => {
    expect(unixNanoToMs(value)).toBe(expected);
  });

  it('keeps the milliseconds exact where a double of nanoseconds cannot', () => {
    // 1772445601123456789 ns as one double rounds to a multiple of 256 ns
    const ms = unixNanoToMs('1772445601123456789')!;
    expect(Math.floor(ms)).toBe(1772445601123);
    expect(ms - 1772445601123).toBeCloseTo(0.456789, 3);
  });
});

describe('normalizeId', () => {
  it.each<[string, unknown, 'trace' | 'span', string | null]>([
    ['lowercase hex as given', '5b8efff798038103d269b633813fc60c', 'trace', '5b8efff798038103d269b633813fc60c'],
    ['uppercase hex lowercased', 'EEE19B7EC3C1B174', 'span', 'eee19b7ec3c1b174'],
    ['a base64 span id', 'AQIDBAUGBwg=', 'span', '0102030405060708'],
    ['a base64 trace id', 'AAECAwQFBgcICQoLDA0ODw==', 'trace', '000102030405060708090a0b0c0d0e0f'],
    ['other text is no id', 'span-1', 'span', null],
    ['a trace id where a span id belongs is no span id', '5b8efff798038103d269b633813fc60c', 'span', null],
    ['all zeros', '00000000000000000000000000000000', 'trace', null],
    ['empty', '', 'span', null],
    ['a number', 12, 'span', null],
  ])('%s', (_case, value, kind, expected) => {
    expect(normalizeId(value, kind)).toBe(expected);
  });
});

describe('readId tells a missing id from text that is no id', () => {
  it.each<[string, unknown, 'trace' | 'span', ReturnType<typeof readId>]>([
    ['hex', 'EEE19B7EC3C1B174', 'span', { id: 'eee19b7ec3c1b174' }],
    ['missing', undefined, 'span', { id: null }],
    ['null', null, 'trace', { id: null }],
    ['all zeros (OTLP\'s invalid id)', '0000000000000000', 'span', { id: null }],
    ['15 hex digits', 'eee19b7ec3c1b17', 'span', { notAnId: 'eee19b7ec3c1b17' }],
    ['hex with a letter past f', 'eee19b7ec3c1b17g', 'span', { notAnId: 'eee19b7ec3c1b17g' }],
    ['a lone surrogate', 'eee19b7ec3c1b17\ud800', 'span', { notAnId: 'eee19b7ec3c1b17\ud800' }],
    ['a number', 12, 'span', { notAnId: '12' }],
  ])('%s', (_case, value, kind, expected) => {
    expect(readId(value, kind)).toEqual(expected);
  });
});
