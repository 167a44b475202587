import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RowSpec } from '../sql/core/row-spec';
import { run } from '../sql/core/run';
import { loadFiles, type InputFile } from '../../ingest/load-files';
import { LoadState } from '../../ingest/load-state';
import { nodeInputFile } from '../../ingest/node-files';
import { GOOD_SAMPLE_LOGS } from '../../ingest/sample-logs-path';
import { textInputFile } from '../../ingest/text-input';
import { clearDataset, forgetFile } from '../dataset';
import type { Engine } from '../engine';
import { computeMetricsReport, ensureDerivedTables } from '../metrics-report';
import { DERIVED_TABLES, METRIC_TABLES, POST_LOAD_TABLES } from '../sql/derived/registry';
import { createTestEngine, type TestEvent } from '../sql/metrics/fixtures';
import { updateDerivedTables, type TableOutcome } from './update-derived-tables';
import { recordStatements } from '../coordinator/statement-recorder';


const ALL_TABLES = [...POST_LOAD_TABLES, ...METRIC_TABLES];

/** The engine, with what each derived table went through since `outcomes` was last read. */
function recording(engine: Engine) {
  const { engine: recorded, ran: statements } = recordStatements(engine);
  const outcomes = () => {
    const outcome = (table: string): TableOutcome =>
      statements.some((sql) => sql.includes(`CREATE OR REPLACE TABLE "${table}"`)) ? 'rebuilt'
        : statements.some((sql) => sql.includes(`DELETE FROM "${table}"`)) ? 'updated' : 'unchanged';
    const result = Object.fromEntries(ALL_TABLES.map((table) => [table, outcome(table)]));
    statements.length = 0;
    return result;
  };
  return { engine: recorded, outcomes };
}

let base: Engine;
let engine: Engine;
let outcomes: () => Record<string, TableOutcome>;
const state = new LoadState();

const jsonl = (name: string, events: TestEvent[]) => textInputFile(name, events.map((event) => JSON.stringify(event)).join('\n'), 1 << 16);

/** Loads files as the app does: the post-load tables after the load, then the metric tables. */
async function load(...files: InputFile[]) {
  await loadFiles(engine, files, state);
  await ensureDerivedTables(engine);
}

/**
 * The report with every number to 12 significant digits: an update moves rows within a table, and
 * a float sum over them in another order may differ in its last bit.
 */
const toTwelveDigits = (report: object) => JSON.parse(JSON.stringify(report, (_, value) => (typeof value === 'number' ? Number(value.toPrecision(12)) : value)));

/** Every derived table's rows, each as JSON, sorted. */
async function derivedRows(): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const { name } of DERIVED_TABLES) tables[name] = (await base.query(`SELECT * FROM "${name}"`)).map((row) => JSON.stringify(row)).sort();
  return tables;
}

/** The derived tables and the report as they are, then after rebuilding every derived table from the events. */
async function expectSameAsFullRebuild() {
  const kept = { tables: await derivedRows(), report: toTwelveDigits(await computeMetricsReport(base)) };
  await updateDerivedTables(base, ALL_TABLES, { rebuild: true });
  const rebuilt = { tables: await derivedRows(), report: toTwelveDigits(await computeMetricsReport(base)) };
  for (const { name } of DERIVED_TABLES) expect(kept.tables[name], name).toEqual(rebuilt.tables[name]);
  expect(kept.report).toEqual(rebuilt.report);
  outcomes();
}

const one = async <S extends RowSpec>(sql: string, spec: S) => (await run(base, sql, spec))[0];

beforeAll(async () => {
  base = await createTestEngine();
  ({ engine, outcomes } = recording(base));
  await load(...GOOD_SAMPLE_LOGS.map(nodeInputFile));
  outcomes();
});
afterAll(() => base?.close());

describe('derived tables after loads that append to sample-logs/', () => {
  it('label rows: updates the tables that read labels, and what reads those, for the labeled items only', async () => {
    const judged = await run(base, `SELECT b.retrieval_id, r.returned_asset_ids FROM retrieval_base b JOIN retrievals r USING (retrieval_id)
       WHERE b.judged AND len(r.returned_asset_ids) > 1 ORDER BY b.seq LIMIT 3`, { retrieval_id: 'string', returned_asset_ids: 'string[]' });
    const unjudged = await one(
      `SELECT retrieval_id, query, returned_asset_ids[1] AS asset FROM retrievals r
       WHERE len(returned_asset_ids) > 0 AND NOT EXISTS (SELECT 1 FROM retrieval_base b WHERE b.retrieval_id = r.retrieval_id AND b.judged)
       ORDER BY seq LIMIT 1`, { retrieval_id: 'string', query: 'string', asset: 'string' });
    const completed = await one(
      `SELECT b.retrieval_id, CASE WHEN b.role = 'step' THEN 'find' ELSE 'step' END AS other_role
       FROM completion_facts c JOIN retrieval_base b ON b.retrieval_id = c.effective_source_retrieval_id
       WHERE NOT b.judged ORDER BY c.seq LIMIT 1`, { retrieval_id: 'string', other_role: 'string' });
    const turn = await one(`SELECT turn_id FROM prompts WHERE turn_id IS NOT NULL ORDER BY seq LIMIT 1`, { turn_id: 'string' });
    const response = await one(`SELECT event_id FROM responses ORDER BY seq LIMIT 1`, { event_id: 'string' });
    const before = await computeMetricsReport(base);
    const label = (fields: TestEvent) => ({ type: 'label', annotator: 'late-annotator', ts: '2027-01-01T00:00:00Z', ...fields });
    await load(jsonl('late-labels.jsonl', [
      ...judged.flatMap(({ retrieval_id, returned_asset_ids }) => [
        label({ kind: 'relevance', retrieval_id, asset_id: returned_asset_ids[0], grade: 0, adjudicated: true }),
        label({ kind: 'relevance', retrieval_id, asset_id: returned_asset_ids[1], grade: 3 }),
      ]),
      label({ kind: 'relevance', query: unjudged.query, asset_id: unjudged.asset, grade: 2 }),
      label({ kind: 'role', retrieval_id: completed.retrieval_id, role: completed.other_role, adjudicated: true }),
      label({ kind: 'intent', turn_id: turn.turn_id, retrieval_intent: false, intents: ['chat', 'search'], adjudicated: true }),
      label({ kind: 'answer_review', target_event_id: response.event_id, verdict: 'wrong' }),
      label({ kind: 'role', retrieval_id: 'r-not-loaded-yet', role: 'find' }),
    ]));
    expect(outcomes()).toEqual({
      reference_warnings: 'updated',
      session_summary: 'unchanged',
      action_lineage: 'unchanged',
      resolved_relevance: 'updated',
      resolved_roles: 'updated',
      resolved_intents: 'updated',
      retrieval_base: 'updated',
      completion_facts: 'updated',
      prompt_facts: 'updated',
    });
    const after = await computeMetricsReport(base);
    expect(after.tier1).not.toEqual(before.tier1);
    expect(after.tier0).not.toEqual(before.tier0);
    await expectSameAsFullRebuild();
  });

  it('feedback rows: updates the retrievals they name and the sessions they belong to', async () => {
    const [first, second] = await run(base, `SELECT retrieval_id, session_id FROM retrievals ORDER BY seq DESC LIMIT 2`, { retrieval_id: 'string', session_id: 'string' });
    await load(jsonl('late-feedback.jsonl', [
      { type: 'feedback', ts: '2027-01-02T00:00:00Z', session_id: first.session_id, rating: 'down', retrieval_id: first.retrieval_id },
      { type: 'feedback', ts: '2027-01-02T00:01:00Z', session_id: 'late-session', rating: 'up', retrieval_id: second.retrieval_id },
    ]));
    expect(outcomes()).toMatchObject({ session_summary: 'updated', action_lineage: 'unchanged', resolved_relevance: 'unchanged', retrieval_base: 'updated' });
    await expectSameAsFullRebuild();
  });

  it('a prompt naming a category for a turn that had none: updates the category of the turn\'s retrievals, prompts and completions', async () => {
    const { turn_id: turn, session_id: session } = await one(
      `SELECT a.turn_id, a.session_id FROM completion_facts c JOIN action_lineage a USING (event_id)
       WHERE a.turn_id IN (SELECT turn_id FROM retrievals)
         AND a.turn_id NOT IN (SELECT turn_id FROM prompts WHERE turn_id IS NOT NULL AND category IS NOT NULL)
       ORDER BY c.seq LIMIT 1`, { turn_id: 'string', session_id: 'string' });
    const categoryOf = async (table: string) =>
      (await run(base, { sql: `SELECT DISTINCT category FROM ${table} WHERE ${table === 'completion_facts' ? 'event_id IN (SELECT event_id FROM action_lineage WHERE turn_id = $1)' : 'turn_id = $1'}`, params: [turn] }, { category: 'string|null' }))
        .map((row) => row.category);
    expect(await categoryOf('retrieval_base')).toEqual([null]);
    await load(jsonl('late-category.jsonl', [{ type: 'prompt', ts: '2027-01-02T00:02:00Z', session_id: session, turn_id: turn, text: 'and a category', category: 'late-category' }]));
    expect(outcomes()).toMatchObject({ action_lineage: 'unchanged', retrieval_base: 'updated', completion_facts: 'updated', prompt_facts: 'updated' });
    for (const table of ['retrieval_base', 'completion_facts', 'prompt_facts']) expect(await categoryOf(table), table).toEqual(['late-category']);
    await expectSameAsFullRebuild();
  });

  it('retrievals, prompts and actions: rebuilds lineage and what reads it, updates the rest', async () => {
    const warningsNaming = async (id: string) => (await one(`SELECT count(*)::INTEGER AS n FROM reference_warnings WHERE message LIKE '%"${id}"%'`, { n: 'number' })).n;
    expect(await warningsNaming('r-not-loaded-yet')).toBe(1);
    const labeledQuery = await one(`SELECT query FROM labels WHERE kind = 'relevance' AND retrieval_id IS NULL AND query IS NOT NULL ORDER BY seq LIMIT 1`, { query: 'string' });
    const event = (fields: TestEvent) => ({ ts: '2027-01-03T00:00:00Z', session_id: 'late-session', turn_id: 'late-turn', request_id: 'late-request', ...fields });
    await load(jsonl('late-session.jsonl', [
      event({ type: 'prompt', text: 'one more question' }),
      event({ type: 'retrieval', retrieval_id: 'r-not-loaded-yet', query: labeledQuery.query, returned_asset_ids: ['late-a1', 'late-a2'] }),
      event({ type: 'retrieval', retrieval_id: 'r-late-2', query: 'again', rewrite_of: 'r-not-loaded-yet', returned_asset_ids: [] }),
      event({ type: 'action', actor: 'user', action: 'export', consumed_asset_id: 'late-a1', source_retrieval_id: 'r-not-loaded-yet' }),
    ]));
    expect(outcomes()).toMatchObject({ action_lineage: 'rebuilt', retrieval_base: 'rebuilt', completion_facts: 'rebuilt', resolved_relevance: 'updated', reference_warnings: 'updated' });
    expect(await warningsNaming('r-not-loaded-yet')).toBe(0);
    await expectSameAsFullRebuild();
  });

  it('an asset: rebuilds the reference warnings (assets turn on the consumed-asset check)', async () => {
    await load(jsonl('late-asset.jsonl', [{ type: 'asset', asset_id: 'late-a1', title: 'Late asset' }]));
    expect(outcomes()).toMatchObject({ reference_warnings: 'rebuilt', session_summary: 'unchanged', retrieval_base: 'unchanged' });
    await expectSameAsFullRebuild();
  });

  it('a forgotten file whose seq numbers the next load reuses: rebuilds everything', async () => {
    const seq = state.nextSeq;
    const feedback = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'feedback', ts: '2027-01-04T00:00:00Z', session_id: `s-forgotten-${i}`, rating: 'down' }));
    await load(jsonl('cancelled.jsonl', feedback(2)));
    await forgetFile(engine, state.nextFileId - 1);
    state.nextSeq = seq;
    await load(jsonl('retried.jsonl', feedback(3)));
    expect(Object.values(outcomes()).every((outcome) => outcome === 'rebuilt')).toBe(true);
    await expectSameAsFullRebuild();
  });

  it('a clear, then other events of the same counts: rebuilds everything', async () => {
    const grades = (grade: number) => jsonl('grades.jsonl', [{ type: 'label', kind: 'relevance', retrieval_id: 'r-late-2', asset_id: 'late-a1', grade }]);
    await clearDataset(engine);
    state.reset();
    await loadFiles(engine, [...GOOD_SAMPLE_LOGS.map(nodeInputFile), grades(3)], state);
    await ensureDerivedTables(engine);
    await clearDataset(engine);
    state.reset();
    await loadFiles(engine, [...GOOD_SAMPLE_LOGS.map(nodeInputFile), grades(1)], state);
    outcomes();
    await ensureDerivedTables(engine);
    expect(outcomes()).toMatchObject(Object.fromEntries(METRIC_TABLES.map((table) => [table, 'rebuilt'])));
    await expectSameAsFullRebuild();
  });
});
