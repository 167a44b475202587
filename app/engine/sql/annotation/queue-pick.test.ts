import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript generators, no types
import { writeBigFile } from '../../../../sample-logs/gen/big.mjs';
// @ts-expect-error plain JavaScript generators, no types
import { spreadAnnotators } from '../../../../sample-logs/gen/several-annotators.mjs';
import { sampleRank, type QueueKind, type QueuePick, type QueueStratum } from '../../../model/annotation/queue';
import { GIVEN_LABEL_VERSION, type GivenLabel } from '../../../schema/given-label';
import { syncGivenLabels } from '../../given-labels';
import { at, type TestEvent } from '../metrics/fixtures';
import { loadedTestEngine } from '../metrics/loaded-test-engine';
import { run } from '../core/run';
import { sql, valueArray } from '../core/sql-query';
import { loadQueueCandidates } from './queue-items';
import { loadQueueWindow, queuePageQuery, queueProgressQuery, withSampleRank, type QueuePickParams } from './queue-pick';
import { referencePick, type ReferenceQueue } from './queue-pick.reference';

/**
 * The queue picked by the engine against the JavaScript pick it replaced (queue-pick.reference.ts,
 * the rule as the screen ran it until issue 24's queue-open work), on a generated log: the big
 * generator's sessions with their relevance labels spread over three annotators (every third
 * labeled again, a grade apart), plus role and intent labels by several annotators, anonymous,
 * adjudicated and by-query labels. Every kind, every pick, several annotators, strata and seeds.
 */
const GENERATED = path.join(os.tmpdir(), `queue-pick-${process.pid}.jsonl`);
const SPREAD = path.join(os.tmpdir(), `queue-pick-${process.pid}.annotators.jsonl`);
writeBigFile(GENERATED, { targetEvents: 4000 });
await spreadAnnotators(GENERATED, SPREAD);
const generated: TestEvent[] = readFileSync(SPREAD, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as TestEvent);
for (const file of [GENERATED, SPREAD]) rmSync(file, { force: true });

const retrievalIds = generated.filter((e) => e.type === 'retrieval').map((e) => e.retrieval_id as string);
const turnIds = [...new Set(generated.filter((e) => e.type === 'prompt' && e.turn_id).map((e) => e.turn_id as string))];
const queryOf = new Map(generated.filter((e) => e.type === 'retrieval').map((e) => [e.retrieval_id as string, e.query as string]));
const ROLES = ['find', 'step', 'browse'];
let minute = 100_000;
const label = (fields: TestEvent): TestEvent => ({ type: 'label', ts: at(minute++), ...fields });
const extra: TestEvent[] = [
  // role: three annotators, every fifth retrieval; disagreeing on every tenth; anonymous on every seventh
  ...retrievalIds.flatMap((id, i) => [
    ...(i % 5 === 0 ? [label({ kind: 'role', retrieval_id: id, role: ROLES[i % 3], annotator: 'ann-ada' })] : []),
    ...(i % 10 === 0 ? [label({ kind: 'role', retrieval_id: id, role: ROLES[(i + 1) % 3], annotator: 'ann-bo' })] : []),
    ...(i % 20 === 0 ? [label({ kind: 'role', retrieval_id: id, role: ROLES[(i + 1) % 3], annotator: 'ann-ada' })] : []), // changed her mind: agrees now
    ...(i % 7 === 0 ? [label({ kind: 'role', retrieval_id: id, role: 'find' })] : []),
    ...(i % 35 === 1 ? [label({ kind: 'role', retrieval_id: id, role: 'step', annotator: 'ann-cy', adjudicated: true })] : []),
  ]),
  // intent: every fourth turn by ann-ada, every eighth by ann-bo too (disagreeing on every sixteenth)
  ...turnIds.flatMap((id, i) => [
    ...(i % 4 === 0 ? [label({ kind: 'intent', turn_id: id, retrieval_intent: true, intents: ['one'], annotator: 'ann-ada' })] : []),
    ...(i % 8 === 0 ? [label({ kind: 'intent', turn_id: id, retrieval_intent: i % 16 !== 0, intents: [], annotator: 'ann-bo' })] : []),
    ...(i % 9 === 0 ? [label({ kind: 'intent', turn_id: id, retrieval_intent: false, intents: [] })] : []),
  ]),
  // relevance by query (counts on every retrieval with that query), two of them disagreeing; anonymous grades
  ...retrievalIds.filter((_, i) => i % 13 === 2).flatMap((id, i) => [
    label({ kind: 'relevance', query: queryOf.get(id), asset_id: 'tpl-1', grade: 1, annotator: 'ann-cy' }),
    ...(i % 2 === 0 ? [label({ kind: 'relevance', query: queryOf.get(id), asset_id: 'tpl-1', grade: 3, annotator: 'ann-bo' })] : []),
  ]),
  ...retrievalIds.filter((_, i) => i % 17 === 3).map((id) => label({ kind: 'relevance', retrieval_id: id, asset_id: 'tpl-2', grade: 2 })),
];

const engine = loadedTestEngine([...generated, ...extra]);

const ANNOTATORS = ['ann-ada', 'ann-bo', 'ann-cy', 'someone new'];
const KINDS: QueueKind[] = ['relevance', 'role', 'intent'];
const PICKS: QueuePick[] = ['unlabeled', 'disagreement', 'single'];
const STRATA: QueueStratum[] = ['role', 'surface', 'category'];

const QUEUE_PAGE_ROW = { item_id: 'string', pos: 'number' } as const;

/** The queue's ids read a page of `rows` at a time, until a page comes back short. */
async function pagedIds(params: QueuePickParams, rows: number): Promise<string[]> {
  const ids: string[] = [];
  for (let from = 0; ; from += rows) {
    const page = await run(engine, queuePageQuery(params, from, rows), QUEUE_PAGE_ROW);
    expect(page.map((row) => row.pos)).toEqual(page.map((_, i) => from + i));
    ids.push(...page.map((row) => row.item_id));
    if (page.length < rows) return ids;
  }
}

const progressOf = async (params: QueuePickParams) => (await run(engine, queueProgressQuery(params), { total: 'number', done: 'number', labeled: 'number', first_open: 'number|null' }))[0];

/** Every queue the test compares: each kind and pick for each annotator, and samples. */
const cases = (frozenAt: number) => KINDS.flatMap((kind) => [
  ...PICKS.flatMap((pick) => ANNOTATORS.map((annotator): QueuePickParams => ({ kind, pick, by: 'role', seed: 'x', size: 50, annotator, frozenAt, linked: null }))),
  ...STRATA.flatMap((by) => ['a', 'seed-2', 'é😀'].map((seed): QueuePickParams => ({ kind, pick: 'sample', by, seed, size: by === 'role' ? 100_000 : 137, annotator: 'ann-ada', frozenAt, linked: null }))),
]);

const name = (p: QueuePickParams) => `${p.kind} ${p.pick}${p.pick === 'sample' ? ` by ${p.by} seed ${p.seed} size ${p.size}` : ` for ${p.annotator}`}`;

describe('the queue picked in SQL is the JavaScript pick', () => {
  const frozenAt = Date.now();
  let references: Map<string, ReferenceQueue>;

  it('on every kind, pick, annotator and sample: the same ids in the same order, and the same progress', async () => {
    references = new Map();
    let nonEmpty = 0;
    for (const params of cases(frozenAt)) {
      const reference = await referencePick(engine, params);
      references.set(name(params), reference);
      const ids = await pagedIds(params, 1000);
      expect(ids, name(params)).toEqual(reference.ids);
      expect(await progressOf(params), name(params)).toEqual(reference.progress);
      if (ids.length > 0) nonEmpty++;
    }
    // the log gives each pick something to pick (a comparison of empty lists would prove little)
    expect(nonEmpty).toBeGreaterThan(cases(frozenAt).length * 0.8);
  }, 600_000);

  it('a window: the progress, and the items around the first open one or an item, with their assets and labels', async () => {
    const { candidates, labels } = await loadQueueCandidates(engine, 'relevance');
    const assetList = new Map(candidates.map((c) => [c.item_id, c.asset_list]));
    for (const annotator of ['ann-ada', 'someone new']) {
      const params = cases(frozenAt).find((p) => p.kind === 'relevance' && p.pick === 'single' && p.annotator === annotator)!;
      const { ids, progress } = references.get(name(params))!;
      const window = await loadQueueWindow(engine, params, null, 8, 100);
      expect(window.head).toMatchObject({ ...progress, first_open_item: progress.first_open === null ? null : ids[progress.first_open], anchor: progress.first_open });
      const from = Math.max(0, (progress.first_open ?? ids.length) - 8);
      expect(window.rows.map((row) => row.item_id)).toEqual(ids.slice(from, (progress.first_open ?? ids.length) + 100));
      expect(window.rows.map((row) => row.asset_list)).toEqual(window.rows.map((row) => assetList.get(row.item_id)));
      // the labels read for the window's items alone are the queue's labels on them, by query included, in label order
      const inWindow = new Set(window.rows.map((row) => row.item_id));
      expect(window.labels).toEqual(labels.filter((label) => inWindow.has(label.retrieval_id!)));
      expect(window.labels.some((label) => label.query !== null && label.retrieval_id !== null)).toBe(true);
      expect(window.labels.length).toBeGreaterThan(0);
      const around = await loadQueueWindow(engine, params, { item: ids[40] }, 8, 10);
      expect(around.rows.map((row) => row.item_id)).toEqual(ids.slice(32, 50));
      expect((await loadQueueWindow(engine, params, { pos: 45 }, 8, 10)).rows.map((row) => row.item_id)).toEqual(ids.slice(37, 55));
    }
  }, 120_000);

  it.each(['role', 'intent'] as const)('a %s window: the labels on its items as the queue reads them', async (kind) => {
    const { labels } = await loadQueueCandidates(engine, kind);
    const params = cases(frozenAt).find((p) => p.kind === kind && p.pick === 'single')!;
    const window = await loadQueueWindow(engine, params, { pos: 0 }, 0, 60);
    const inWindow = new Set(window.rows.map((row) => row.item_id));
    expect(window.labels).toEqual(labels.filter((label) => inWindow.has((kind === 'intent' ? label.turn_id : label.retrieval_id)!)));
    expect(window.labels.length).toBeGreaterThan(0);
  }, 120_000);

  it('a page at a time gives the list whole, in order', async () => {
    const params = cases(frozenAt).find((p) => p.kind === 'relevance' && p.pick === 'unlabeled' && p.annotator === 'ann-ada')!;
    expect(references.get(name(params))!.ids.length).toBeGreaterThan(100);
    expect(await pagedIds(params, 37)).toEqual(references.get(name(params))!.ids);
  }, 120_000);

  it('labels given after the freeze leave the list as it was made, and count in its progress', async () => {
    const relevance = cases(frozenAt).find((p) => p.kind === 'relevance' && p.pick === 'unlabeled' && p.annotator === 'ann-ada')!;
    const role = cases(frozenAt).find((p) => p.kind === 'role' && p.pick === 'single' && p.annotator === 'someone new')!;
    const before = { relevance: references.get(name(relevance))!, role: references.get(name(role))! };
    const assetsOf = new Map(generated.filter((e) => e.type === 'retrieval').map((e) => [e.retrieval_id as string, [...new Set(e.returned_asset_ids as string[])]]));
    const given: GivenLabel[] = [
      // the first two items graded whole, the third only in part
      ...before.relevance.ids.slice(0, 3).flatMap((id, i) => assetsOf.get(id)!.slice(0, i === 2 ? 1 : undefined)
        .map((asset_id) => ({ kind: 'relevance', retrieval_id: id, asset_id, grade: 2 }))),
      ...before.role.ids.slice(0, 2).map((id) => ({ kind: 'role', retrieval_id: id, role: 'find' })),
    ].map((input, i) => ({ ...input, version: GIVEN_LABEL_VERSION, annotator: 'ann-ada', ts: frozenAt + 1000 + i, event_id: `label-given-${i}` }) as GivenLabel);
    await syncGivenLabels(engine, given);

    for (const params of [relevance, role]) {
      const ids = await pagedIds(params, 1000);
      expect(ids, name(params)).toEqual(references.get(name(params))!.ids);
      // the progress of the frozen list, counted with the labels now given (the JavaScript rule)
      const now = await referencePick(engine, params, ids);
      expect(await progressOf(params), name(params)).toEqual(now.progress);
    }
    expect((await progressOf(relevance)).done).toBe(before.relevance.progress.done + 2);
    expect((await progressOf(relevance)).first_open).toBe(2);
    // made again now, the list follows the labels given
    const remade = { ...relevance, frozenAt: frozenAt + 10_000 };
    const fresh = await referencePick(engine, remade);
    expect(fresh.ids.slice(0, 5)).toEqual(before.relevance.ids.slice(3, 8));
    expect(await pagedIds(remade, 1000)).toEqual(fresh.ids);
  }, 300_000);

  it('an item linked to that the pick leaves out comes first; one it holds keeps its place', async () => {
    const params = cases(frozenAt).find((p) => p.kind === 'relevance' && p.pick === 'disagreement' && p.annotator === 'ann-ada')!;
    const ids = references.get(name(params))!.ids;
    const outside = retrievalIds.find((id) => !ids.includes(id) && assetsNonEmpty(id))!;
    expect(await pagedIds({ ...params, linked: outside }, 1000)).toEqual([outside, ...ids]);
    expect(await pagedIds({ ...params, linked: ids[3] }, 1000)).toEqual(ids);
    expect(await pagedIds({ ...params, linked: 'no such item' }, 1000)).toEqual(ids);
  }, 120_000);
});

const assetsNonEmpty = (id: string) => (generated.find((e) => e.retrieval_id === id && e.type === 'retrieval')!.returned_asset_ids as string[]).length > 0;

describe('sampleRank in SQL', () => {
  it('is the JavaScript hash on ids of every kind of text', async () => {
    const ids = ['', 'r1', 'ret-000123', 'é', 'ünïcødé-id', '😀', 'a😀b', '𝔘𝔫𝔦', '\u001f', 'x'.repeat(300), 'zh-检索-7'];
    for (const seed of ['', 'seed', '😀']) {
      const source = sql`SELECT unnest(${valueArray(ids)}) AS item_id`;
      const rows = await run(engine, withSampleRank(source, seed), { item_id: 'string', rank: 'number' });
      expect(new Map(rows.map((row) => [row.item_id, Number(row.rank)])), `seed ${seed}`).toEqual(new Map(ids.map((id) => [id, sampleRank(seed, id)])));
    }
  }, 60_000);
});
