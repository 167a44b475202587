import { describe, expect, it } from 'vitest';
import { ellipsize } from './label-fit';

// a monospace stand-in: every character 7 px, the ellipsis too
const mono = (text: string) => [...text].length * 7;

describe('ellipsize', () => {
  it('keeps a text that fits', () => {
    expect(ellipsize('user select', 77, mono)).toBe('user select');
  });

  it('cuts at the longest prefix that fits with its ellipsis, never wider than the room', () => {
    // 70 px hold 10 characters: 9 of the text and the ellipsis
    expect(ellipsize('spring poster template', 70, mono)).toBe('spring po…');
    for (const width of [8, 20, 33, 70, 100, 150]) expect(mono(ellipsize('spring poster template with a long name', width, mono))).toBeLessThanOrEqual(width);
  });

  it('cuts by measured width, so wide letters are cut sooner than narrow ones', () => {
    const proportional = (text: string) => [...text].reduce((sum, c) => sum + (c === 'W' ? 12 : c === 'i' ? 3 : 6), 0);
    expect(ellipsize('WWWWWWWWWW', 60, proportional)).toBe('WWWW…');
    expect(ellipsize('iiiiiiiiii', 60, proportional)).toBe('iiiiiiiiii');
  });

  it('never measures more characters than the room has pixels: a 100,000-character title costs what a short one does', () => {
    const measured: number[] = [];
    const counting = (text: string) => (measured.push(text.length), mono(text));
    expect(ellipsize('W'.repeat(100_000), 70, counting)).toBe('WWWWWWWWW…');
    expect(Math.max(...measured)).toBeLessThanOrEqual(72);
  });

  it('drops a trailing space before the ellipsis', () => {
    expect(ellipsize('ab cdefgh', 28, mono)).toBe('ab…');
  });
});
