import { parseArgs, type ParseArgsConfig } from 'node:util';

/** One option of a command: how it is written, what it takes and what its help says. */
export interface CommandOption {
  /** The value's placeholder in the help (`N`, `a,b`); a flag has none and takes no value. */
  value?: string;
  /** The help's lines; the first goes beside the option. */
  help: string | readonly string[];
  /** What applies when the option is not given: the help says `(default …)` from this, the constant the code applies. */
  default?: string | number;
  short?: string;
}

/** A command's options by name (without the leading `--`), in the order its help lists them. */
export type OptionsTable = Record<string, CommandOption>;

/** An option as given, in argument order. */
export interface GivenOption {
  name: string;
  /** A flag's is undefined; so is an option's whose arguments ended before its value. */
  value: string | undefined;
  /** The argument as written (`--k=5`), for messages. */
  arg: string;
  /** Its position among the arguments. */
  index: number;
}

export interface CommandLine {
  /** The table's options, in argument order. */
  options: GivenOption[];
  /** Every other argument that looks like an option (a flag given a value counts: `--json=1`), as written, with its position. */
  unknown: { arg: string; index: number }[];
  /** The other arguments (all of them after `--`), with their positions. */
  positionals: { arg: string; index: number }[];
}

/**
 * Reads command-line arguments with `node:util` `parseArgs` against `table`: `--name value` or
 * `--name=value`, bare flags, `--` ending the options. Nothing is rejected here: each command says
 * what is wrong with what it was given, in its own words and order.
 */
export function parseCommandLine(args: readonly string[], table: OptionsTable): CommandLine {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, option] of Object.entries(table)) {
    options[name] = { type: option.value ? 'string' : 'boolean', multiple: true, ...(option.short ? { short: option.short } : {}) };
  }
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  const line: CommandLine = { options: [], unknown: [], positionals: [] };
  for (const token of tokens) {
    if (token.kind === 'positional') line.positionals.push({ arg: token.value, index: token.index });
    if (token.kind !== 'option') continue;
    const arg = args[token.index];
    const known = Object.hasOwn(table, token.name) ? table[token.name] : undefined;
    if (!known || (!known.value && token.inlineValue)) line.unknown.push({ arg, index: token.index });
    else line.options.push({ name: token.name, value: token.value, arg, index: token.index });
  }
  return line;
}

/** The options of `names` that were given, in argument order. */
export const optionsNamed = (line: CommandLine, names: readonly string[]) => line.options.filter((option) => names.includes(option.name));

/** Whether the flag (or option) was given. */
export const given = (line: CommandLine, name: string) => line.options.some((option) => option.name === name);

/** The first option given that is not in the table, or one of `others` (options of the table the command does not take here), as a usage error says it. */
export function unknownOption(line: CommandLine, others: readonly string[] = []): string | undefined {
  const [first] = [...line.unknown, ...optionsNamed(line, others)].sort((a, b) => a.index - b.index);
  return first && `unknown option ${first.arg}`;
}

const HELP_COLUMN = 26;

/** The `Options:` lines of a help text, from the table: each option, its value, its help and its default. */
export function optionsHelp(table: OptionsTable): string[] {
  return Object.entries(table).flatMap(([name, { value, short, help, default: fallback }]) => {
    const flag = `${short ? `-${short}, ` : ''}--${name}${value ? ` ${value}` : ''}`;
    const text = typeof help === 'string' ? [help] : [...help];
    if (fallback !== undefined) text[text.length - 1] += ` (default ${fallback})`;
    // A long option takes a line of its own, its help below.
    const [first, ...more] = flag.length <= HELP_COLUMN - 4 ? text : ['', ...text];
    return [`  ${flag.padEnd(HELP_COLUMN - 2)}${first}`.trimEnd(), ...more.map((line) => `${' '.repeat(HELP_COLUMN)}${line}`)];
  });
}
