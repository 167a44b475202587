import { readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesBelow(full) : [full];
    });
}

function isDirectory(target: string): boolean {
  try {
    return statSync(target).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Each directory replaced by every file below it (hidden ones skipped), in sorted path order, so
 * that `logs/` partitioned as `logs/day=2026-10-01/…` loads as its files given one by one would.
 */
export function expandInputPaths(paths: readonly string[]): string[] {
  return paths.flatMap((target) => {
    const files = isDirectory(target) ? filesBelow(target).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) : [];
    return files.length > 0 ? files : [target]; // an empty directory stays, to be reported as unreadable
  });
}

/**
 * Why a path that is neither a file nor a directory is not read, or null: a FIFO with no writer
 * would block the read for ever, a device may never end.
 */
export function specialFileReason(stat: Stats): string | null {
  if (stat.isFile() || stat.isDirectory()) return null;
  const kind = stat.isFIFO() ? 'a named pipe (FIFO)' : stat.isSocket() ? 'a socket' : stat.isCharacterDevice() || stat.isBlockDevice() ? 'a device' : 'a special file';
  return `is ${kind}, not a regular file: save the logs to a file and load that`;
}
