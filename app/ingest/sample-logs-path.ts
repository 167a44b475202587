import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Node only (tests, the CLI's tests, e2e): where the committed sample logs are
 * (sample-logs/README.md). They are part of the repository, so no test checks that they exist.
 */
export const SAMPLE_LOGS_DIR = path.resolve(import.meta.dirname, '../../sample-logs');

export const sampleLogPath = (name: string): string => path.join(SAMPLE_LOGS_DIR, name);

/** The samples' generator, run with Node: `--events N --out FILE` writes one large log (sample-logs/README.md). */
export const SAMPLE_LOG_GENERATOR = sampleLogPath('generate.mjs');

/** Every good sample log (not malformed.jsonl), in the order the directory lists them. */
export const GOOD_SAMPLE_LOGS: string[] = readdirSync(SAMPLE_LOGS_DIR)
  .filter((name) => /\.(jsonl|ndjson|json|csv)(\.gz)?$/.test(name) && !name.startsWith('malformed'))
  .map(sampleLogPath);
