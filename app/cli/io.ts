import { accessSync, constants, statSync } from 'node:fs';
import { specialFileReason } from './input-paths';
import { terminalText } from './terminal-text';
import { errorMessage } from '../lib/error-message';
/** Where a command writes: stdout and stderr in the real CLI, arrays in tests. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/** Whatever a command prints reaches the terminal with its controls escaped; its own line breaks (pretty JSON) stay. */
const terminalLine = (line: string) => `${line.split('\n').map(terminalText).join('\n')}\n`;

export const processIo: CliIo = {
  out: (line) => process.stdout.write(terminalLine(line)),
  err: (line) => process.stderr.write(terminalLine(line)),
};

/** Why a path cannot be read as an input file, or null when it can. */
export function unreadableReason(path: string): string | null {
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) return 'is a directory';
    const special = specialFileReason(stat);
    if (special) return special;
    accessSync(path, constants.R_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : errorMessage(error);
  }
}

/** Prints `retrieval-inspector <command>: message` and the usage to stderr; the exit code of a usage error. */
export function usageError(io: CliIo, command: string, usage: readonly string[], message: string): number {
  io.err(`retrieval-inspector ${command}: ${message}`);
  usage.forEach((line) => io.err(line));
  return 2;
}
