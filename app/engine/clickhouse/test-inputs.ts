import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GOOD_SAMPLE_LOGS } from '../../ingest/sample-logs-path';
import { loadFiles } from '../../ingest/load-files';
import { LoadState } from '../../ingest/load-state';
import { nodeInputFile } from '../../ingest/node-files';
import type { Engine } from '../engine';
import { ensureDerivedTables } from '../metrics-report';
import { createTestEngine } from '../sql/metrics/fixtures';
import { createChdbEngine } from './chdb-engine';
import type { ClickHouseEngine } from './clickhouse-engine';
import { copyDatasetToClickHouse } from './copy-dataset';
import { generatedEvents } from './generated-events-fixture';

/** Test input: every good sample log (not malformed.jsonl). */
export const SAMPLE_FILES = GOOD_SAMPLE_LOGS;

const generatedDirs = new Set<string>();

/** Test input: a generated log (generated-events-fixture.ts) of `sessions` sessions in a directory of its own. */
export function generatedEventsFile(sessions = 800): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ri-chdb-'));
  generatedDirs.add(dir);
  const file = path.join(dir, 'generated.jsonl');
  writeFileSync(file, generatedEvents(sessions));
  return file;
}

/** Removes the directories `generatedEventsFile` made, and nothing else (a checkout may itself lie under the temp directory). */
export function removeGeneratedFiles(): void {
  for (const dir of generatedDirs) rmSync(dir, { recursive: true, force: true });
  generatedDirs.clear();
}

/** The files loaded into a DuckDB test engine (derived tables current) and copied to a chdb engine, as the report tests compare them. */
export async function loadedOnBothEngines(files: string[]): Promise<{ duck: Engine; house: ClickHouseEngine }> {
  const duck = await createTestEngine();
  await loadFiles(duck, files.map(nodeInputFile), new LoadState());
  await ensureDerivedTables(duck);
  const house = await createChdbEngine({ install: true });
  await copyDatasetToClickHouse(duck, house);
  return { duck, house };
}
