import { accessSync, constants, statSync } from 'node:fs';
/** Where a command writes: stdout and stderr in the real CLI, arrays in tests. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Why a path cannot be read as an input file, or null when it can. */
export function unreadableReason(path: string): string | null {
  try {
    if (statSync(path).isDirectory()) return 'is a directory';
    accessSync(path, constants.R_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
  }
}

/** Prints `retrieval-inspector <command>: message` and the usage to stderr; the exit code of a usage error. */
export function usageError(io: CliIo, command: string, usage: readonly string[], message: string): number {
  io.err(`retrieval-inspector ${command}: ${message}`);
  usage.forEach((line) => io.err(line));
  return 2;
}
