import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSdkTraces } from '../ingest/otlp/sdk-fixture';
import { runCli } from './run-in-process';

const events = [
  { type: 'retrieval', ts: '2026-10-01T10:00:00Z', session_id: 's1', request_id: 'q1', retrieval_id: 'r1', role: 'find', returned_asset_ids: ['a1', 'a2'] },
  { type: 'action', ts: '2026-10-01T10:01:00Z', session_id: 's1', actor: 'user', action: 'export', consumed_asset_id: 'a2', source_retrieval_id: 'r1' },
  { type: 'label', kind: 'relevance', retrieval_id: 'r1', asset_id: 'a2', grade: 2 },
  { type: 'response', ts: '2026-10-01T10:02:00Z', session_id: 's1', event_id: 'resp1', request_id: 'q1', text: 'ok' },
  { type: 'label', kind: 'answer_review', target_event_id: 'resp1', verdict: 'wrong', annotator: 'qa1' },
  { type: 'label', kind: 'answer_review', target_event_id: 'resp1', verdict: 'correct', annotator: 'qa2' },
  { type: 'label', kind: 'answer_review', target_event_id: 'resp1', verdict: 'wrong', annotator: 'lead', adjudicated: true },
];

let dir: string;
let logs: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ri-report-'));
  logs = path.join(dir, 'logs.jsonl');
  writeFileSync(logs, events.map((event) => JSON.stringify(event)).join('\n') + '\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function report(...args: string[]) {
  return runCli(['report', ...args]);
}

describe('retrieval-inspector report', () => {
  it('reads a file given twice once, with a note, and does not fail for it', async () => {
    const once = await report('--json', logs);
    const twice = await report('--json', logs, logs);
    expect(twice.code).toBe(0);
    expect(twice.err).toEqual([`retrieval-inspector report: note: skipped ${logs}: the same file was given before, and is read once`]);
    expect(JSON.parse(twice.out.join('\n'))).toEqual(JSON.parse(once.out.join('\n')));
  });

  it('prints the report as JSON with the chosen K', async () => {
    const { code, out, err } = await report('--json', '--k', '1', logs);
    expect({ code, err }).toEqual({ code: 0, err: [] });
    const json = JSON.parse(out.join('\n'));
    // r1 returned a1 (unjudged) then a2 (grade 2): P@1 = 0, RR = 1/2; bad (P@1 = 0) but exported: masked, consumed.
    expect(json.tier1).toMatchObject({ k: 1, retrievals: 1, judged: 1, p_at_1: 0, p_at_k: 0, mrr: 0.5 });
    expect(json.matrix).toEqual({ healthy: 0, downstream: 0, visible_failure: 0, masked: 1, masked_consumed: 1, masked_silent: 0 });
    expect(json.flags).toEqual([{ kind: 'masked_retrieval_failure', session_id: 's1', retrieval_id: 'r1', detail: 'consumed' }]);
    expect(json).toMatchObject({ events: 7, rejected: 0, sessions: 1 });
    // qa1 and qa2 disagree on resp1 (κ = 0: p_o = 0, p_e = 0); the adjudicated `wrong` settles it.
    expect(json.agreement.answer_review).toEqual({ items: 1, annotators: 2, multi: 1, disagreements: 1, unresolved: 0, fleiss_kappa: null, pairs: { 'qa1|qa2': { items: 1, kappa: 0 } } });
    expect(json.agreement.relevance).toMatchObject({ items: 0, annotators: 0 }); // the relevance label names no annotator
    const week = { reviewed: 1, correct: 0, wrong: 1, partial: 0, unsupported: 0, confidently_wrong_rate: 1 };
    expect(json.review).toEqual({ ...week, by_week: { '2026-W40': week } });
  });

  it('respects --used-actions', async () => {
    const { out } = await report('--json', '--used-actions', 'select', logs);
    expect(JSON.parse(out.join('\n')).tier2).toMatchObject({ retrievals: 1, gpr: 0, uor: 1 });
  });

  it('prints readable tables with the settings they depend on', async () => {
    const { code, out } = await report('--k=5', '--tier1-threshold', '0.3', logs);
    expect(code).toBe(0);
    expect(out).toContain('Settings: K = 5, Tier 1 threshold = 0.3, used actions = select, edit, place, follow_up, export, share, download');
    expect(out.join('\n')).toMatch(/role\s+retrievals\s+judged\s+P@1\s+P@5\s+Recall@5\s+nDCG@5\s+MRR/);
    expect(out.join('\n')).toMatch(/answer_review\s+1\s+2\s+1\s+1\s+0\s+—/);
    expect(out.join('\n')).toMatch(/answer_review\s+qa1\|qa2\s+1\s+0\.0000/);
    expect(out).toContain('Answer review: 1 reviewed responses, confidently-wrong rate 1.0000');
    expect(out.join('\n')).toMatch(/2026-W40\s+1\s+0\s+1\s+0\s+0\s+1\.0000/);
  });

  it.each([
    [['--k', '0', 'x.jsonl'], /k must be an integer from 1 to 100/],
    [['--tier1-threshold', 'high', 'x.jsonl'], /Tier 1 threshold/],
    [['--used-actions'], /--used-actions needs a value/],
    [['--bogus', 'x.jsonl'], /unknown option --bogus/],
    [[], /no files given/],
  ])('bad arguments %j: a message and exit code 2', async (args, message) => {
    const { code, err } = await report(...args);
    expect(code).toBe(2);
    expect(err[0]).toMatch(message);
  });

  it('reports OpenTelemetry traces as it reports the same retrievals written as log events', async () => {
    // SDK-written spans of both conventions: one OTLP document, and JSON Lines of one document a trace
    const traces = await buildSdkTraces();
    const files = {
      document: path.join(dir, 'traces.otlp.json'),
      jsonLines: path.join(dir, 'collector.jsonl'),
      events: path.join(dir, 'same-as-events.jsonl'),
    };
    writeFileSync(files.document, JSON.stringify(traces.document));
    writeFileSync(files.jsonLines, traces.jsonLines);
    writeFileSync(files.events, traces.expectedEvents.map((event) => JSON.stringify(event)).join('\n'));
    const reports = await Promise.all(Object.values(files).map(async (file) => {
      const { code, out, err } = await report('--json', file);
      expect({ code, err }).toEqual({ code: 0, err: [] });
      return JSON.parse(out.join('\n'));
    }));
    // 4 retrievals, 3 assets, 3 actions (one derived from the LLM span's context), 1 feedback; sessions sess-oi (the
    // follow-up retrieval takes its trace's session), conv-9 and, for the lone retrieval, its trace. The 4 unmapped
    // spans are not events.
    expect(reports[0]).toMatchObject({ events: 11, rejected: 0, sessions: 3, tier2: { retrievals: 4 } });
    expect(reports[1]).toEqual(reports[0]);
    expect(reports[2]).toEqual(reports[0]);
  });

  it('a missing file: a message and exit code 1', async () => {
    const { code, err } = await report(path.join(dir, 'nope.jsonl'));
    expect(code).toBe(1);
    expect(err).toEqual([expect.stringMatching(/cannot read .*nope\.jsonl: no such file/)]);
  });
});
