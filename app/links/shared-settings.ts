import { SETTING_PARAMS } from '../model/metrics/settings-codec';
import { DEFAULT_METRIC_SETTINGS, parseMetricSettings, type MetricSettings, type RawSettings, type SettingsError } from '../model/metrics/settings';

/**
 * The metric settings that change facts on every screen (what counts as Tier 1 bad, as used, as
 * masked): the one part of view state that every link carries over from the current URL. Kept as
 * the raw URL text, so a value the Metrics screen reports as malformed travels unchanged.
 */
export const SHARED_SETTINGS = ['k', 'tier1Threshold', 'usedActions'] as const;

export type SharedSettings = Pick<RawSettings, (typeof SHARED_SETTINGS)[number]>;

export function sharedSettingsFrom(params: URLSearchParams): SharedSettings {
  const settings: SharedSettings = {};
  for (const name of SHARED_SETTINGS) {
    const value = params.get(SETTING_PARAMS[name]);
    if (value) settings[name] = value;
  }
  return settings;
}

export const sharedSettingsPairs = (settings: SharedSettings): [string, string][] =>
  SHARED_SETTINGS.flatMap((name) => (settings[name] ? [[SETTING_PARAMS[name], settings[name]] as [string, string]] : []));

/** The shared settings of the current page, to change one of them. */
export const currentSharedSettings = (): SharedSettings => sharedSettingsFrom(new URLSearchParams(window.location.search));

/** K, the Tier 1 threshold and the used actions of the URL; a malformed one is reported and its default used. */
export function baseFromSearch(search: string): { base: MetricSettings; errors: SettingsError[] } {
  const raw: RawSettings = sharedSettingsFrom(new URLSearchParams(search));
  const parsed = parseMetricSettings(raw);
  if (parsed.ok) return { base: parsed.settings, errors: [] };
  const bad = new Set(parsed.errors.map((error) => error.setting));
  const kept = parseMetricSettings(Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name as keyof MetricSettings))));
  return { base: kept.ok ? kept.settings : { ...DEFAULT_METRIC_SETTINGS }, errors: parsed.errors };
}
