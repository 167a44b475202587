import { describe, expect, it } from 'vitest';
import { sliceSettings } from '../model/compare/slice';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../model/metrics/settings';
import { metricSettingsToParams } from '../model/metrics/settings-codec';
import { readSettings, settingsFromSearch, sharedSettingsPairs, sharedSettingsText } from './settings';
import { sessionsUrl } from './sessions';

const params = (search: string) => new URLSearchParams(search);
/** What the Sessions, Lineage, Compare and Annotate screens read (`useSharedSettings`). */
const sharedRead = (search: string) => readSettings(sharedSettingsText(params(search)));

/** Every setting away from its default, and the same as URL text. */
const FULL: MetricSettings = {
  k: 5, tier1Threshold: 0.3, usedActions: ['export', 'share'], surfaces: ['web', 'slack'], roles: ['find', 'unknown'], retrievers: ['dense'],
  runIds: ['baseline'], categories: ['returns'], from: Date.UTC(2026, 9, 1), to: Date.UTC(2026, 10, 1), labels: 'human',
};
const FULL_PAIRS = [
  ['k', '5'], ['tier1_threshold', '0.3'], ['used_actions', 'export,share'], ['surface', 'web,slack'], ['role', 'find,unknown'], ['retriever', 'dense'],
  ['run_id', 'baseline'], ['category', 'returns'], ['from', '2026-10-01T00:00:00.000Z'], ['to', '2026-11-01T00:00:00.000Z'], ['labels', 'human'],
];

describe('the settings codec', () => {
  it('writes every setting away from its default and reads it back unchanged', () => {
    expect(metricSettingsToParams(FULL)).toEqual(FULL_PAIRS);
    expect(settingsFromSearch(`?view=metrics&${new URLSearchParams(metricSettingsToParams(FULL))}`)).toEqual({ settings: FULL, errors: [] });
  });

  it('writes nothing for the defaults, and reads no parameter as the defaults', () => {
    expect(metricSettingsToParams(DEFAULT_METRIC_SETTINGS)).toEqual([]);
    expect(settingsFromSearch('?view=metrics')).toEqual({ settings: DEFAULT_METRIC_SETTINGS, errors: [] });
    expect(settingsFromSearch('?retriever=&run_id=&category=')).toEqual({ settings: DEFAULT_METRIC_SETTINGS, errors: [] });
  });

  it('reads lists trimmed, with empty items dropped', () => {
    expect(settingsFromSearch('?used_actions=%20export,,share%20&role=find,').settings).toEqual({ ...DEFAULT_METRIC_SETTINGS, usedActions: ['export', 'share'], roles: ['find'] });
  });

  // Each row breaks one parameter of the full URL; that setting alone takes its default.
  it.each([
    ['k', '0', { k: 10 }],
    ['k', 'ten', { k: 10 }],
    ['k', '101', { k: 10 }],
    ['tier1_threshold', '1.5', { tier1Threshold: 0.5 }],
    ['tier1_threshold', 'high', { tier1Threshold: 0.5 }],
    ['used_actions', ' , ', { usedActions: ['select', 'edit', 'place', 'follow_up', 'export', 'share', 'download'] }],
    ['from', 'yesterday', { from: undefined }],
    ['to', '2026-09-01', { to: undefined }],
    ['labels', ' ', { labels: undefined }],
  ] as [string, string, Partial<MetricSettings>][])('a bad %s (%j) falls back alone; the other settings stand', (name, bad, fallback) => {
    const search = new URLSearchParams(FULL_PAIRS);
    search.set(name, bad);
    const expected: MetricSettings = { ...FULL, ...fallback };
    for (const key of Object.keys(fallback) as (keyof MetricSettings)[]) if (fallback[key] === undefined) delete expected[key];
    const read = settingsFromSearch(`?${search}`);
    expect(read.settings).toEqual(expected);
    expect(read.errors.map((error) => error.setting)).toEqual(Object.keys(fallback));
  });

  it('reports several bad parameters at once, each falling back alone', () => {
    const read = settingsFromSearch('?k=0&tier1_threshold=x&used_actions=export&role=find');
    expect(read.settings).toEqual({ k: 10, tier1Threshold: 0.5, usedActions: ['export'], roles: ['find'] });
    expect(read.errors.map((error) => error.setting)).toEqual(['k', 'tier1Threshold']);
  });
});

describe('?k=0&tier1_threshold=0.3: threshold 0.3 and the default K on every screen', () => {
  const search = '?view=metrics&k=0&tier1_threshold=0.3&role=find';
  const expected = { k: 10, tier1Threshold: 0.3, usedActions: DEFAULT_METRIC_SETTINGS.usedActions };

  it('Metrics counts at 0.3, reporting the bad K', () => {
    const read = settingsFromSearch(search);
    expect(read.settings).toEqual({ ...expected, roles: ['find'] });
    expect(read.errors).toEqual([{ setting: 'k', input: '0', message: 'k must be an integer from 1 to 100, got "0"' }]);
  });

  it('the screens that read only the shared settings (Sessions marks, Lineage, Compare, Annotate) read the same, without the filters', () => {
    expect(sharedRead(search)).toEqual({ settings: expected, errors: [{ setting: 'k', input: '0', message: 'k must be an integer from 1 to 100, got "0"' }] });
  });

  it('a link to Sessions carries both as they are, and Sessions reads them the same', () => {
    const href = sessionsUrl.href({ session: 'ca-0024' }, { from: search });
    expect([params(href).get('k'), params(href).get('tier1_threshold'), params(href).has('role')]).toEqual(['0', '0.3', false]);
    expect(sharedRead(href).settings).toEqual(expected);
  });

  it("each Compare slice takes them with its own filters", () => {
    expect(sliceSettings(sharedRead(search).settings, { retriever: ['dense'] })).toEqual({ ok: true, settings: { ...expected, retrievers: ['dense'] } });
  });
});

describe('the shared settings as text', () => {
  it('takes only K, the threshold and the used actions, as written', () => {
    expect(sharedSettingsText(params('?k=abc&tier1_threshold=0.30&used_actions=export&role=find&cell=masked'))).toEqual({ k: 'abc', tier1Threshold: '0.30', usedActions: 'export' });
  });

  it('writes an empty one as nothing', () => {
    expect(sharedSettingsPairs({ k: '', tier1Threshold: '0.4' })).toEqual([['tier1_threshold', '0.4']]);
  });
});
