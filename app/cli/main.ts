import { processIo, type CliIo } from './io';

export type { CliIo } from './io';

/** What every module in ./commands exports. */
export interface Command {
  /** One line for the usage text. */
  summary?: string;
  run(args: string[], io: CliIo): Promise<number>;
}

const COMMANDS: Record<string, () => Promise<Command>> = {
  check: () => import('./commands/check'),
  report: () => import('./commands/report'),
  export: () => import('./commands/export'),
};

async function printUsage(print: (line: string) => void): Promise<void> {
  print('Usage: retrieval-inspector <command> [options]');
  print('');
  print('Commands:');
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  for (const [name, load] of Object.entries(COMMANDS)) print(`  ${name.padEnd(width)}  ${(await load()).summary ?? ''}`.trimEnd());
  print('');
  print('Run `retrieval-inspector <command> --help` for the options of one command.');
}

/** Runs one subcommand and returns the process exit code. */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    await printUsage(io.out);
    return 0;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    io.err(`retrieval-inspector: unknown command "${name}"`);
    await printUsage(io.err);
    return 2;
  }
  return (await load()).run(args, io);
}
