import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it("gives an Error's message, a DOMException's included", () => {
    expect(errorMessage(new TypeError('bad input'))).toBe('bad input');
    expect(errorMessage(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))).toBe('The quota has been exceeded.');
  });

  it('gives a thrown string, number or nothing as text, never "undefined" for a string', () => {
    expect(errorMessage('Cannot CHECKPOINT: busy')).toBe('Cannot CHECKPOINT: busy');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(null)).toBe('null');
    expect(errorMessage(undefined)).toBe('undefined');
  });

  it("gives a plain object's message when it has one, else the object as text", () => {
    expect(errorMessage({ message: 'worker gone', code: 3 })).toBe('worker gone');
    expect(errorMessage({ message: 7 })).toBe('[object Object]');
    expect(errorMessage({ toString: () => 'custom reason' })).toBe('custom reason');
  });
});
