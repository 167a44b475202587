import { describe, expect, it } from 'vitest';
import { sliceOfSettings } from '../model/compare/slice';
import { agreementUrl } from './agreement';
import { annotateUrl, type AnnotateView } from './annotate';
import { compareUrl, isEmptySlice } from './compare';
import { gateUrl } from './gate';
import { lineageUrl } from './lineage';
import { metricsUrl } from './metrics';
import { overviewUrl } from './overview';
import { questionsUrl } from './questions';
import { rejectedUrl } from './rejected';
import { reviewUrl } from './review';
import { SCREEN_URLS } from './screens';
import type { ScreenUrl } from './screen-url';
import { sessionsUrl } from './sessions';

const params = (search: string) => new URLSearchParams(search);
const SHARED = ['k', 'tier1_threshold', 'used_actions'];

/** A view of each screen with every field away from its default. */
const FULL_VIEWS: [ScreenUrl<object>, object][] = [
  [overviewUrl, {}],
  [metricsUrl, {
    surfaces: ['web', 'slack'], roles: ['find'], retrievers: ['dense'], runIds: ['baseline', 'registry'], categories: ['billing'],
    from: '2026-10-01', to: '2026-11-01', labels: 'gpt-judge', cell: 'masked_silent', cellSort: '-ndcg', tier3: 'cross_session', trend: 'day',
    why: 'masked', whySlice: 'retriever=dense;query_words=1%E2%80%932', minSupport: '10',
  }],
  [compareUrl, {
    a: { retriever: ['dense', 'bm25'], run_id: ['baseline'], surface: ['web'], role: ['find'], category: ['billing'], from: '2026-10-01', to: '2026-11-01' },
    b: { retriever: ['hybrid'], from: '2026-11-01' }, metric: 'mrr', query: 'red poster, A4 & "bold"', whatIf: 'rrf:20', sweep: 'rrf:10:100:10',
  }],
  [sessionsUrl, {
    session: 'ca-0024', node: 'action:e-17', search: 'ca-00', surface: 'web', has: ['failed', 'handoff', 'down'], category: 'billing', system: 'bot',
    week: '2026-W07', sort: { column: 'retrievals', descending: true }, page: 3, whatIf: 'weighted:0.3',
  }],
  [lineageUrl, { trace: { kind: 'retrieval', id: 'r-000035' }, page: 2, node: 'action:e-9' }],
  [questionsUrl, { question: 'q06', run: null, flag: 'entity_drift', listRun: 'baseline', compare: true, runA: 'baseline', runB: 'registry' }],
  [annotateUrl, { queue: 'role', a: {}, b: {}, whatIf: 'rrf:20', pick: 'sample', by: 'surface', seed: '7', size: 20, item: 'r-000035' }],
  [reviewUrl, { week: '2026-W42', item: 'cs-e000011' }],
  [agreementUrl, { kind: 'intent', pair: 'ann-jonas|ann-mei', unresolved: true, item: 't-ca-0009-1', judge: 'gpt-judge' }],
  [gateUrl, { surface: 'support-chat', category: 'returns', system: 'bot-v2', minVotes: 5, review: '2026-W42', calibration: 'billing' }],
  [rejectedUrl, { severity: 'warning', reason: 'unknown_reference', file: 'malformed.jsonl' }],
];

describe('each screen URL', () => {
  it('annotate: the pool queue reads back its comparison and item', () => {
    const view: AnnotateView = { queue: 'pool', a: { retriever: ['old'] }, b: { retriever: ['new'], from: '2026-10-08' }, whatIf: null, pick: 'unlabeled', by: 'role', seed: null, size: 50, item: '["a query, with \\"quotes\\"","p&1"]' };
    expect(annotateUrl.read(new URLSearchParams(annotateUrl.write(view)))).toEqual(view);
    expect(annotateUrl.write({ queue: 'pool', a: { retriever: ['old'] }, b: { retriever: ['new'] } })).toBe('?view=annotate&queue=pool&a_retriever=old&b_retriever=new');
    expect(annotateUrl.write({ queue: 'pool', whatIf: 'rrf:20' })).toBe('?view=annotate&queue=pool&what_if=rrf%3A20');
  });

  it('lists every screen once, under its own view name', () => {
    expect(Object.entries(SCREEN_URLS).every(([id, url]) => url.view === id)).toBe(true);
    expect(FULL_VIEWS.map(([url]) => url.view).sort()).toEqual(Object.keys(SCREEN_URLS).sort());
  });

  it.each(FULL_VIEWS.map(([url, view]) => [url.view, url, view] as const))('%s: reads back what it writes', (_, url, view) => {
    const search = url.write(view, { k: '3' });
    expect(url.read(params(search))).toEqual(view);
    expect(params(search).get('view')).toBe(url.view);
  });

  it.each(FULL_VIEWS.map(([url, view]) => [url.view, url, view] as const))('%s: writes only its own parameters and the shared settings', (_, url, view) => {
    const names = [...params(url.write(view, { k: '3', tier1Threshold: '0.4', usedActions: 'export' })).keys()];
    expect(names.filter((name) => name !== 'view' && !SHARED.includes(name) && !url.params.includes(name))).toEqual([]);
  });

  it.each(Object.values(SCREEN_URLS).map((url) => [url.view, url] as const))('%s: defaults write nothing but the view', (_, url) => {
    expect(url.write({})).toBe(`?view=${url.view}`);
    expect(url.write(url.read(params('')))).toBe(`?view=${url.view}`);
  });
});

describe('a link to another screen', () => {
  const metricsPage = '?view=metrics&k=5&tier1_threshold=0.4&used_actions=export,share&surface=web&role=find&cell=masked&tier3=cross_session';

  it('carries the shared settings over, and none of the screen it leaves', () => {
    const href = sessionsUrl.href({ session: 'ca-0024' }, { from: metricsPage });
    const link = params(href);
    expect(link.get('view')).toBe('sessions');
    expect(link.get('session')).toBe('ca-0024');
    expect([link.get('k'), link.get('tier1_threshold'), link.get('used_actions')]).toEqual(['5', '0.4', 'export,share']);
    for (const name of ['surface', 'role', 'cell', 'tier3']) expect(link.has(name), name).toBe(false);
  });

  it('opens the target screen at the view it names, not at filters of the same name', () => {
    const href = sessionsUrl.href({ session: 'ca-0024' }, { from: metricsPage });
    expect(sessionsUrl.read(params(href)).surface).toBeNull();
  });

  it('carries a malformed shared setting as it is, for the target screen to report or ignore', () => {
    expect(params(rejectedUrl.href({}, { from: '?view=metrics&k=500' })).get('k')).toBe('500');
  });

  it('writes given shared settings instead of the current ones', () => {
    expect(metricsUrl.href({}, { from: metricsPage, settings: {} })).toBe('?view=metrics');
    expect(metricsUrl.href({}, { from: metricsPage, settings: { k: '7' } })).toBe('?view=metrics&k=7');
  });

  it('puts an anchor in the #fragment', () => {
    expect(questionsUrl.href({ question: 'q06', run: 'baseline' }, { from: '', hash: 'retrieval-r-000123' }))
      .toBe('?view=questions&question=q06&run=baseline#retrieval-r-000123');
  });
});

describe('a move within a screen', () => {
  it('changes the fields it names and keeps the rest of the screen and the shared settings', () => {
    const page = '?view=sessions&q=ca-00&sort=-retrievals&session=ca-0024&k=3&cell=masked';
    const href = sessionsUrl.changed({ session: null, node: null }, { from: page });
    expect(href).toBe('?view=sessions&q=ca-00&sort=-retrievals&k=3');
  });

  it('clears a field set to undefined back to its default', () => {
    const page = '?view=questions&compare=1&run_a=baseline&run_b=registry&flag=orphan_query';
    expect(questionsUrl.changed({ compare: false, runA: undefined, runB: undefined }, { from: page })).toBe('?view=questions&flag=orphan_query');
  });
});

describe('links shared before this codec still open the same view', () => {
  it.each([
    ['sessions', sessionsUrl, '?view=sessions&session=ca-0024&node=action%3Ae-1&q=ca&surface=web&sort=-retrievals',
      { session: 'ca-0024', node: 'action:e-1', page: null, search: 'ca', surface: 'web', has: [], category: null, system: null, week: null, sort: { column: 'retrievals', descending: true }, whatIf: null }],
    ['lineage', lineageUrl, '?view=lineage&asset=tpl-0065', { trace: { kind: 'asset', id: 'tpl-0065' }, page: null, node: null }],
    ['questions', questionsUrl, '?view=questions&question=q04&run=registry#retrieval-r-1',
      { question: 'q04', run: 'registry', flag: null, listRun: undefined, compare: false, runA: undefined, runB: undefined }],
    ['rejected', rejectedUrl, '?file=malformed.jsonl&view=rejected&severity=rejected', { severity: 'rejected', reason: null, file: 'malformed.jsonl' }],
    ['metrics', metricsUrl, '?view=metrics&k=3&surface=web,slack&role=find&cell=masked_silent&tier3=abandoned_by_session',
      { surfaces: ['web', 'slack'], roles: ['find'], retrievers: [], runIds: [], categories: [], from: null, to: null, labels: null, cell: 'masked_silent', cellSort: null, tier3: 'abandoned_by_session', trend: 'week', why: null, whySlice: null, minSupport: null }],
    ['gate', gateUrl, '?view=gate&review=2026-W42', { surface: null, category: null, system: null, minVotes: 10, review: '2026-W42', calibration: null }],
  ] as [string, ScreenUrl<object>, string, object][])('%s', (_, url, search, view) => {
    expect(url.read(params(search.split('#')[0]))).toEqual(view);
  });
});

describe('the compare screen', () => {
  it('writes each slice under its prefix, lists comma-separated, and an empty slice as nothing', () => {
    const search = compareUrl.write({ a: { retriever: ['dense', 'bm25'], from: '2026-10-01' }, b: {} });
    expect(search).toBe('?view=compare&a_retriever=dense%2Cbm25&a_from=2026-10-01');
    expect(compareUrl.read(params(search))).toEqual({ a: { retriever: ['dense', 'bm25'], from: '2026-10-01' }, b: {}, metric: 'ndcg_at_k', query: null, whatIf: null, sweep: null });
  });

  it('does not read the Metrics filters of the same name as a slice', () => {
    expect(compareUrl.read(params('?view=compare&retriever=dense&from=2026-10-01'))).toMatchObject({ a: {}, b: {} });
  });

  it('reads an unknown metric as the default, and drops empty list items', () => {
    expect(compareUrl.read(params('?metric=f1&b_run_id=,registry,&a_role='))).toMatchObject({ metric: 'ndcg_at_k', a: {}, b: { run_id: ['registry'] } });
  });

  it("takes the Metrics filters as a slice, with dates as ISO text", () => {
    const slice = sliceOfSettings({
      k: 5, tier1Threshold: 0.5, usedActions: ['select'], surfaces: ['web'], retrievers: ['dense'], runIds: [], from: Date.UTC(2026, 9, 1),
    });
    expect(slice).toEqual({ surface: ['web'], retriever: ['dense'], from: '2026-10-01T00:00:00.000Z' });
    expect(isEmptySlice(slice)).toBe(false);
    expect(isEmptySlice(sliceOfSettings({ k: 10, tier1Threshold: 0.5, usedActions: ['select'] }))).toBe(true);
  });

  it('carries the shared settings, and a link from Metrics holds the Metrics filters as slice A', () => {
    const href = compareUrl.href({ a: { surface: ['web'] } }, { from: '?view=metrics&k=5&surface=web&cell=masked' });
    expect(href).toBe('?view=compare&a_surface=web&k=5');
  });
});

describe('unknown and malformed parameters', () => {
  it('ignores parameters no screen owns, and those of other screens', () => {
    expect(gateUrl.read(params('?view=gate&utm_source=mail&session=ca-1&cell=masked'))).toEqual({ surface: null, category: null, system: null, minVotes: 10, review: null, calibration: null });
    expect(gateUrl.changed({}, { from: '?view=gate&utm_source=mail&session=ca-1' })).toBe('?view=gate');
  });

  it.each([
    ['an unknown kind of rejected row', rejectedUrl, '?severity=fatal', 'severity', null],
    ['an unknown drift flag', questionsUrl, '?flag=everything', 'flag', null],
    ['an unknown trend bucket', metricsUrl, '?trend=month', 'trend', 'week'],
    ['an empty id', sessionsUrl, '?session=', 'session', null],
    ['a session page that is no whole number', sessionsUrl, '?page=2.5', 'page', null],
    ['a session page of 0 (pages count from 1)', sessionsUrl, '?page=0', 'page', null],
    ['the third session page', sessionsUrl, '?page=3', 'page', 2],
    ['a list of blanks', metricsUrl, '?surface=,%20,', 'surfaces', []],
    ['a list with spaces and gaps', metricsUrl, '?role=find,,%20browse%20', 'roles', ['find', 'browse']],
    ['compare=0', questionsUrl, '?compare=0', 'compare', false],
    ['compare=yes', questionsUrl, '?compare=yes', 'compare', true],
    ['the run of events without run_id', questionsUrl, '?run=(none)', 'run', null],
    ['an empty run', questionsUrl, '?run=', 'run', undefined],
    ['a sort by a descending column', sessionsUrl, '?sort=-duration_ms', 'sort', { column: 'duration_ms', descending: true }],
    ['both an asset and a retrieval: the retrieval wins', lineageUrl, '?asset=tpl-1&retrieval=r-2', 'trace', { kind: 'retrieval', id: 'r-2' }],
    ['an empty asset', lineageUrl, '?asset=', 'trace', null],
    ['a trace page of 0 (pages count from 1)', lineageUrl, '?page=0', 'page', null],
    ['a trace page that is no whole number', lineageUrl, '?page=1.5', 'page', null],
    ['the second trace page', lineageUrl, '?page=2', 'page', 1],
    ['an alarm minimum of 0 votes (the default)', gateUrl, '?min_votes=0', 'minVotes', 10],
    ['an alarm minimum that is no whole number (the default)', gateUrl, '?min_votes=2.5', 'minVotes', 10],
    ['an alarm minimum of 3 votes', gateUrl, '?min_votes=3', 'minVotes', 3],
  ] as [string, ScreenUrl<Record<string, unknown>>, string, string, unknown][])('%s', (_, url, search, field, expected) => {
    expect(url.read(params(search))[field]).toEqual(expected);
  });

  it('writes ids that need escaping so that they read back unchanged', () => {
    const session = 'a&b=c #d,e/f?';
    expect(sessionsUrl.read(params(sessionsUrl.write({ session }))).session).toBe(session);
  });
});
