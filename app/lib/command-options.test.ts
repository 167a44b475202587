import { describe, expect, it } from 'vitest';
import { takeOptions } from './command-options';

const takesK = (name: string) => name === '--k' || name === '--a';

describe('options taken out of the command line', () => {
  it('takes --name value and --name=value in order, and leaves the rest in order', () => {
    expect(takeOptions(['x.jsonl', '--k', '5', '--json', '--a=retriever=dense', 'y.jsonl'], takesK)).toEqual({
      options: [{ name: '--k', value: '5' }, { name: '--a', value: 'retriever=dense' }],
      flags: new Set(),
      rest: ['x.jsonl', '--json', 'y.jsonl'],
    });
  });

  it('takes bare flags, gives no value when the arguments end, and stops at --', () => {
    expect(takeOptions(['--install', '--k'], takesK, ['--install'])).toEqual({ options: [{ name: '--k', value: undefined }], flags: new Set(['--install']), rest: [] });
    expect(takeOptions(['--k', '1', '--', '--k', '2'], takesK)).toEqual({ options: [{ name: '--k', value: '1' }], flags: new Set(), rest: ['--', '--k', '2'] });
  });

  it('splits on = only in an argument that starts with --', () => {
    expect(takeOptions(['a=b', '--k='], takesK)).toEqual({ options: [{ name: '--k', value: '' }], flags: new Set(), rest: ['a=b'] });
  });
});
