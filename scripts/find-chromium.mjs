import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Chromium the browser tests drive: $CHROMIUM_PATH, else the system package; null when none exists. */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

// Run directly (as .ci/run does), it prints the path or exits 1.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = findChromium();
  if (found) console.log(found);
  process.exit(found ? 0 : 1);
}
