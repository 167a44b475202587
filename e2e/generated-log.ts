import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SAMPLE_LOG_GENERATOR } from '../app/ingest/sample-logs-path';

/**
 * The generator's log of `events` events, named `name`: made once in the temporary directory and
 * reused by later runs (the generator is seeded, so every copy is the same), like the workspace
 * log. Two workers may make it at once: each writes its own copy and renames it into place whole.
 */
export function generatedLog(events: number, name: string): string {
  const dir = path.join(os.tmpdir(), `ri-generated-${events}`);
  const file = path.join(dir, name);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const made = `${file}.${process.pid}`;
  execFileSync(process.execPath, [SAMPLE_LOG_GENERATOR, '--events', String(events), '--out', made], { stdio: 'ignore' });
  renameSync(made, file);
  return file;
}
