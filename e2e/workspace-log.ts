import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SAMPLE_LOG_GENERATOR } from '../app/ingest/sample-logs-path';

/**
 * Issue 24's daily-workspace log: the generator's 55k events, made to look like the tester's file.
 * Sessions alternate between two retrievers (`hybrid-v3`, `bm25-v1`), two runs and two surfaces;
 * prompts carry one of three categories; the relevance labels are spread over three annotators,
 * with a second vote by `ana` on every fifth label she gave (superseding her first) and a second
 * annotator on every seventh label (so that Agreement has overlap).
 */
export const WORKSPACE_LOG = path.join(os.tmpdir(), 'ri-i24-workspace-55k.jsonl');
export const ANNOTATORS = ['bench-judge', 'ana', 'ben'];

export function workspaceLog(): string {
  if (existsSync(WORKSPACE_LOG)) return WORKSPACE_LOG;
  // Two test workers may make it at once: each writes its own copy and renames it into place whole.
  const raw = `${WORKSPACE_LOG}.${process.pid}.raw`;
  execFileSync(process.execPath, [SAMPLE_LOG_GENERATOR, '--events', '55000', '--out', raw]);
  const out: string[] = [];
  let labels = 0;
  for (const line of readFileSync(raw, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const event = JSON.parse(line) as Record<string, unknown>;
    const session = Number(String(event.session_id ?? '').replace(/\D/g, '')) || 0;
    if (event.session_id != null) {
      if (event.surface != null) event.surface = session % 4 === 0 ? 'web' : 'chat';
      event.run_id = session % 3 === 0 ? 'run-b' : 'run-a';
    }
    if (event.type === 'retrieval') event.retriever = session % 2 === 0 ? 'bm25-v1' : 'hybrid-v3';
    if (event.type === 'prompt') event.category = ['returns', 'billing', 'campaigns'][session % 3];
    if (event.type === 'label' && event.kind === 'relevance') {
      const index = labels++;
      event.annotator = ANNOTATORS[index % 3];
      out.push(JSON.stringify(event));
      const later = (minutes: number) => new Date(Date.parse(String(event.ts)) + minutes * 60_000).toISOString();
      if (event.annotator === 'ana' && index % 5 === 0) {
        out.push(JSON.stringify({ ...event, event_id: `${String(event.event_id)}-again`, ts: later(1), grade: (Number(event.grade) + 1) % 4 }));
      }
      if (index % 7 === 0) {
        out.push(JSON.stringify({ ...event, event_id: `${String(event.event_id)}-second`, ts: later(2), annotator: ANNOTATORS[(index + 1) % 3] }));
      }
      continue;
    }
    out.push(JSON.stringify(event));
  }
  const made = `${WORKSPACE_LOG}.${process.pid}`;
  writeFileSync(made, `${out.join('\n')}\n`);
  renameSync(made, WORKSPACE_LOG);
  rmSync(raw, { force: true });
  return WORKSPACE_LOG;
}
