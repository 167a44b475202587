import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedEvents } from './generated-events-fixture';

const SAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../sample-logs');

/** Test input: every good sample log (not malformed.jsonl). */
export const SAMPLE_FILES = existsSync(SAMPLES)
  ? readdirSync(SAMPLES).filter((name) => /\.(jsonl|json|csv)(\.gz)?$/.test(name) && !name.startsWith('malformed')).map((name) => path.join(SAMPLES, name))
  : [];

/** Test input: a generated log (generated-events-fixture.ts) of `sessions` sessions in a file of its own. */
export function generatedEventsFile(sessions = 800): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ri-chdb-')), 'generated.jsonl');
  writeFileSync(file, generatedEvents(sessions));
  return file;
}
