import { describe, expect, it } from 'vitest';
import { optionsHelp, optionsNamed, parseCommandLine, unknownOption, type OptionsTable } from './command-options';

const TABLE: OptionsTable = { k: { value: 'N', help: 'a cutoff', default: 10 }, a: { value: 'KEY=VALUE', help: 'a slice' }, install: { help: 'a flag' } };

const taken = (args: string[]) => {
  const line = parseCommandLine(args, TABLE);
  return {
    options: optionsNamed(line, ['k', 'a']).map(({ name, value }) => ({ name, value })),
    flags: new Set(optionsNamed(line, ['install']).map(({ name }) => name)),
    rest: line.positionals.map(({ arg }) => arg),
    unknown: line.unknown.map(({ arg }) => arg),
  };
};

describe('options read from the command line against a table', () => {
  it('takes --name value and --name=value in order, and leaves the rest in order', () => {
    expect(taken(['x.jsonl', '--k', '5', '--json', '--a=retriever=dense', 'y.jsonl'])).toEqual({
      options: [{ name: 'k', value: '5' }, { name: 'a', value: 'retriever=dense' }],
      flags: new Set(),
      rest: ['x.jsonl', 'y.jsonl'],
      unknown: ['--json'],
    });
  });

  it('takes bare flags, gives no value when the arguments end, and stops at --', () => {
    expect(taken(['--install', '--k'])).toEqual({ options: [{ name: 'k', value: undefined }], flags: new Set(['install']), rest: [], unknown: [] });
    expect(taken(['--k', '1', '--', '--k', '2'])).toEqual({ options: [{ name: 'k', value: '1' }], flags: new Set(), rest: ['--k', '2'], unknown: [] });
  });

  it('splits on = only in an argument that starts with --', () => {
    expect(taken(['a=b', '--k='])).toEqual({ options: [{ name: 'k', value: '' }], flags: new Set(), rest: ['a=b'], unknown: [] });
  });

  it('a flag given a value, and an option not in the table, are unknown, as written', () => {
    const line = parseCommandLine(['x', '--install=yes', '--bogus=1'], TABLE);
    expect(unknownOption(line)).toBe('unknown option --install=yes');
    expect(line.unknown.map(({ arg }) => arg)).toEqual(['--install=yes', '--bogus=1']);
  });

  it('the help lists every option with its value and default, long ones on a line of their own', () => {
    expect(optionsHelp({ ...TABLE, 'a-rather-long-option': { value: 'VALUE', help: ['first', 'second'] } })).toEqual([
      '  --k N                   a cutoff (default 10)',
      '  --a KEY=VALUE           a slice',
      '  --install               a flag',
      '  --a-rather-long-option VALUE',
      '                          first',
      '                          second',
    ]);
  });
});
