import { describe, expect, it } from 'vitest';
import { DEFAULT_METRIC_SETTINGS, parseMetricSettings } from './settings';

describe('parseMetricSettings', () => {
  it('gives the defaults for no input', () => {
    expect(parseMetricSettings({})).toEqual({ ok: true, settings: DEFAULT_METRIC_SETTINGS });
    expect(DEFAULT_METRIC_SETTINGS).toEqual({
      k: 10,
      tier1Threshold: 0.5,
      usedActions: ['select', 'edit', 'place', 'follow_up', 'export', 'share', 'download'],
    });
  });

  it.each([
    [{ k: '0' }, 'k'],
    [{ k: '101' }, 'k'],
    [{ k: '2.5' }, 'k'],
    [{ k: 'ten' }, 'k'],
    [{ tier1Threshold: '1.5' }, 'tier1Threshold'],
    [{ tier1Threshold: '' }, 'tier1Threshold'],
    [{ usedActions: ' , ' }, 'usedActions'],
    [{ from: 'yesterday' }, 'from'],
    [{ from: '2026-10-02', to: '2026-10-01' }, 'to'],
  ] as const)('rejects %j as an error value on %s', (raw, setting) => {
    const result = parseMetricSettings(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((error) => error.setting)).toEqual([setting]);
  });

  it('reports every bad setting at once', () => {
    const result = parseMetricSettings({ k: '0', tier1Threshold: 'x' });
    expect(result.ok ? [] : result.errors.map((error) => error.setting)).toEqual(['k', 'tier1Threshold']);
  });

  it('reads lists, bounds and numbers', () => {
    expect(parseMetricSettings({ k: '5', tier1Threshold: '0.3', usedActions: 'export, share', surfaces: 'chat,editor', roles: 'find', from: '2026-10-01', to: '1800000000000' })).toEqual({
      ok: true,
      settings: { k: 5, tier1Threshold: 0.3, usedActions: ['export', 'share'], surfaces: ['chat', 'editor'], roles: ['find'], from: Date.UTC(2026, 9, 1), to: 1800000000000 },
    });
  });

  it('an empty surface or role list means no filter', () => {
    expect(parseMetricSettings({ surfaces: '', roles: ',' })).toEqual({ ok: true, settings: DEFAULT_METRIC_SETTINGS });
  });

  it('reads the retriever, run and category lists, trimmed, empty meaning no filter', () => {
    expect(parseMetricSettings({ retrievers: 'dense, hybrid', runIds: 'baseline', categories: 'returns , billing' })).toEqual({
      ok: true,
      settings: { ...DEFAULT_METRIC_SETTINGS, retrievers: ['dense', 'hybrid'], runIds: ['baseline'], categories: ['returns', 'billing'] },
    });
    expect(parseMetricSettings({ retrievers: '', runIds: ' , ', categories: ',' })).toEqual({ ok: true, settings: DEFAULT_METRIC_SETTINGS });
  });
});
