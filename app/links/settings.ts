/**
 * The metric settings in the URL: the one codec every screen reads them with and every link writes
 * them with. The parameter names and the writer of whole settings (`metricSettingsToParams`, which
 * queries also key their results by) are model/metrics/settings-codec.ts, below queries/.
 */
import {
  DEFAULT_METRIC_SETTINGS,
  parseMetricSettings,
  SHARED_SETTINGS,
  type MetricSettings,
  type RawSettings,
  type SettingName,
  type SettingsError,
  type SharedSettingName,
} from '../model/metrics/settings';
import { SETTING_PARAMS } from '../model/metrics/settings-codec';

const ALL_SETTINGS = Object.keys(SETTING_PARAMS) as SettingName[];

/** The text of each of `names` the URL has, unchecked. */
function settingsText<Name extends SettingName>(params: URLSearchParams, names: readonly Name[]): Partial<Record<Name, string>> {
  const raw: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const text = params.get(SETTING_PARAMS[name]);
    if (text !== null) raw[name] = text;
  }
  return raw;
}

export interface SettingsRead {
  settings: MetricSettings;
  /** What was malformed, for the screen to report. */
  errors: SettingsError[];
}

/** The one fallback rule: a malformed setting is reported and falls back alone to its default; the others stand. */
export function readSettings(raw: RawSettings): SettingsRead {
  const parsed = parseMetricSettings(raw);
  if (parsed.ok) return { settings: parsed.settings, errors: [] };
  const bad = new Set<string>(parsed.errors.map((error) => error.setting));
  const kept = parseMetricSettings(Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name))));
  return { settings: kept.ok ? kept.settings : { ...DEFAULT_METRIC_SETTINGS }, errors: parsed.errors };
}

/** Every setting of the URL: the Metrics screen's numbers. */
export const settingsFromSearch = (search: string): SettingsRead => readSettings(settingsText(new URLSearchParams(search), ALL_SETTINGS));

/**
 * The shared settings (K, Tier 1 threshold, used actions) as the URL's text: what every other screen
 * reads (`useSharedSettings`) and every link carries over as it is, so a malformed value travels unchanged.
 */
export type SharedSettingsText = Partial<Record<SharedSettingName, string>>;

export const sharedSettingsText = (params: URLSearchParams): SharedSettingsText => settingsText(params, SHARED_SETTINGS);

/** The pairs of the shared settings a link writes; an empty one writes nothing. */
export const sharedSettingsPairs = (settings: SharedSettingsText): [string, string][] =>
  SHARED_SETTINGS.flatMap((name) => (settings[name] ? [[SETTING_PARAMS[name], settings[name]] as [string, string]] : []));

/** The shared settings of the current page, to change one of them. */
export const currentSharedSettings = (): SharedSettingsText => sharedSettingsText(new URLSearchParams(window.location.search));
