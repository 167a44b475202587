import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SAMPLE_LOG_GENERATOR } from '../app/ingest/sample-logs-path';

/** A digest of the generator's source: a changed generator makes its logs again. */
function generatorVersion(): string {
  const gen = path.join(path.dirname(SAMPLE_LOG_GENERATOR), 'gen');
  const sources = [SAMPLE_LOG_GENERATOR, ...readdirSync(gen).sort().map((name) => path.join(gen, name))];
  const hash = createHash('sha256');
  for (const source of sources) hash.update(readFileSync(source));
  return hash.digest('hex').slice(0, 12);
}

/**
 * The generator's log of `events` events, named `name`: made once in the temporary directory and
 * reused by later runs of the same generator (it is seeded, so every copy is the same), like the
 * workspace log. Two workers may make it at once: each writes its own copy and renames it into
 * place whole.
 */
export function generatedLog(events: number, name: string): string {
  const dir = path.join(os.tmpdir(), `ri-generated-${generatorVersion()}-${events}`);
  const file = path.join(dir, name);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const made = `${file}.${process.pid}`;
  execFileSync(process.execPath, [SAMPLE_LOG_GENERATOR, '--events', String(events), '--out', made], { stdio: 'ignore' });
  renameSync(made, file);
  return file;
}
