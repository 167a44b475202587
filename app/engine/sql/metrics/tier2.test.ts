import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../../model/metrics/settings';
import type { Engine } from '../../engine';
import { at, createTestEngine, loadEvents, makeAction, makeFeedback, makeRetrieval, type TestEvent } from './fixtures';
import { retrievalDetailsQuery } from './retrieval-details';
import { run } from '../core/run';

let engine: Engine;
beforeAll(async () => {
  engine = await createTestEngine();
});
afterAll(() => engine.close());

/** r returned a1, a2 in request q1 of session s1 (user u1); r-other is another retrieval. */
const BASE: TestEvent[] = [
  makeRetrieval('r', { returned_asset_ids: ['a1', 'a2'], request_id: 'q1', user_id: 'u1' }),
  makeRetrieval('r-other', { returned_asset_ids: ['a9'], request_id: 'q0', ts: at(-5) }),
];
const user = (action: string, fields: TestEvent = {}) => makeAction('user', action, { consumed_asset_id: 'a1', source_retrieval_id: 'r', user_id: 'u1', ...fields });
const agent = (action: string, fields: TestEvent = {}) => makeAction('agent', action, { consumed_asset_id: 'a1', request_id: 'q1', ...fields });

interface Expected {
  gpr: boolean;
  acr: boolean;
  orf_signals: string;
  uor: boolean;
}
const only = (fields: Partial<Expected>): Expected => ({ gpr: false, acr: false, orf_signals: 'none', uor: false, ...fields });
const UOR = only({ uor: true });

const CASES: [string, TestEvent[], Expected, Partial<MetricSettings>?][] = [
  ['no action: unobserved', [], UOR],
  ['a user complain is ORF', [user('complain')], only({ orf_signals: 'complaint' })],
  ['a user reject is ORF', [user('reject')], only({ orf_signals: 'complaint' })],
  ['an agent complain is not ORF (it is agent consumption)', [agent('complain', { source_retrieval_id: 'r' })], only({ acr: true })],
  ['a down feedback naming r is ORF', [makeFeedback('down', { retrieval_id: 'r' })], only({ orf_signals: 'down_feedback' })],
  ['a down feedback naming another retrieval is not', [makeFeedback('down', { retrieval_id: 'r-other' })], UOR],
  ['an up feedback naming r is not', [makeFeedback('up', { retrieval_id: 'r' })], UOR],
  ['a later retrieval with rewrite_of = r is ORF (re-search)', [makeRetrieval('r2', { rewrite_of: 'r', ts: at(3) })], only({ orf_signals: 're_search' })],
  ['a retrieval rewriting another one is not', [makeRetrieval('r2', { rewrite_of: 'r-other', ts: at(3) })], UOR],
  ['agent use of a not-returned asset without source is ORF (bypass)', [agent('use', { consumed_asset_id: 'a7' })], only({ orf_signals: 'agent_bypass' })],
  ['agent place of a not-returned asset without source is ORF (bypass)', [agent('place', { consumed_asset_id: 'a7' })], only({ orf_signals: 'agent_bypass' })],
  ['…with a source it is not', [agent('use', { consumed_asset_id: 'a9', source_retrieval_id: 'r-other' })], UOR],
  ['…in another request it is not', [agent('use', { consumed_asset_id: 'a7', request_id: 'q2' })], UOR],
  ['…of a returned asset it is not', [agent('use', { consumed_asset_id: 'a2' })], UOR],
  ['a user edit is used, not ORF', [user('edit')], only({ gpr: true })],
  ['a user regenerate is neither used nor ORF', [user('regenerate')], UOR],
  ['several signals at once', [user('complain'), makeFeedback('down', { retrieval_id: 'r' }), agent('use', { consumed_asset_id: 'a7' })], only({ orf_signals: 'complaint,down_feedback,agent_bypass' })],
  ['a user select is GPR with the default used set', [user('select')], only({ gpr: true })],
  ['…and not when the used set is export only', [user('select')], UOR, { usedActions: ['export'] }],
  ['an agent action of r in its request is ACR', [agent('use', { source_retrieval_id: 'r' })], only({ acr: true })],
  ['…in another request it is not', [agent('use', { source_retrieval_id: 'r', request_id: 'q2' })], UOR],
  [
    'an export in a later session with no source inherits from the user\'s earlier place',
    [user('place', { ts: at(2) }), user('export', { source_retrieval_id: undefined, session_id: 's9', ts: at(600) })],
    only({ gpr: true }),
    { usedActions: ['export'] },
  ],
  ['…without that place it is not attributed', [user('export', { source_retrieval_id: undefined, session_id: 's9', ts: at(600) })], UOR, { usedActions: ['export'] }],
];

describe('Tier 2 signals of one retrieval', () => {
  it.each(CASES)('%s', async (_, events, expected, settings = {}) => {
    await loadEvents(engine, [...BASE, ...events]);
    const rows = await run(engine, retrievalDetailsQuery({ ...DEFAULT_METRIC_SETTINGS, ...settings }), {
      retrieval_id: 'string', gpr: 'boolean', acr: 'boolean', orf: 'boolean', orf_signals: 'string', uor: 'boolean',
    });
    const row = rows.find((candidate) => candidate.retrieval_id === 'r')!;
    expect({ gpr: row.gpr, acr: row.acr, orf_signals: row.orf_signals, uor: row.uor }).toEqual(expected);
    expect(row.orf).toBe(expected.orf_signals !== 'none');
  });
});
