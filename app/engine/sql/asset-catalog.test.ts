import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDriftPassages } from '../drift-report';
import type { Engine } from '../engine';
import { refreshDerivedTables } from '../metrics-report';
import { appendEvents, at, createTestEngine, loadEvents, makeAction, makeRetrieval } from './metrics/fixtures';
import { run } from './core/run';
import { ASSET_INFO_ROW, assetInfoQuery } from './session-inspector';
import { loadCrossSessionCompletions } from './trace';

const asset = (assetId: string, fields: Record<string, unknown>) => ({ type: 'asset', asset_id: assetId, ...fields });

let engine: Engine;
beforeAll(async () => {
  // r1 in s1 returns a1 (a gold passage of q1); the user places it, then exports it from s2.
  await loadEvents((engine = await createTestEngine()), [
    makeRetrieval('r1', { session_id: 's1', user_id: 'u1', returned_asset_ids: ['a1'] }),
    makeAction('user', 'place', { session_id: 's1', user_id: 'u1', consumed_asset_id: 'a1', source_retrieval_id: 'r1', ts: at(1) }),
    makeAction('user', 'export', { session_id: 's2', user_id: 'u1', consumed_asset_id: 'a1', ts: at(2) }),
    { type: 'question', question_id: 'q1', text: 'Q?', gold_evidence_ids: ['a1'] },
    asset('a1', { title: 'Draft', kind: 'passage', text: 'old text' }),
    asset('a2', { title: 'Only one', kind: 'image' }),
  ]);
  // a later catalog file updates a1 twice; the second entry gives no title
  await appendEvents(engine, [asset('a1', { title: 'Final', kind: 'template', text: 'new text' }), asset('a1', { text: 'newest text' })]);
  await refreshDerivedTables(engine);
}, 60_000);
afterAll(() => engine.close());

describe('asset_catalog: the last loaded entry wins, field by field', () => {
  it('one row per asset, each field from the latest entry that gives it', async () => {
    expect(await engine.query('SELECT asset_id, title, kind, text FROM asset_catalog ORDER BY asset_id')).toEqual([
      { asset_id: 'a1', title: 'Final', kind: 'template', text: 'newest text' },
      { asset_id: 'a2', title: 'Only one', kind: 'image', text: null },
    ]);
  });

  it('every screen that names an asset shows the same title', async () => {
    expect(await run(engine, assetInfoQuery(['a1']), ASSET_INFO_ROW)).toEqual([{ asset_id: 'a1', title: 'Final', kind: 'template' }]);
    expect((await loadCrossSessionCompletions(engine)).map((row) => row.title)).toEqual(['Final']);
    expect(await loadDriftPassages(engine)).toEqual([{ asset_id: 'a1', title: 'Final', text: 'newest text' }]);
  });
});
