import {
  DEFAULT_METRIC_SETTINGS,
  LIST_FILTERS,
  parseMetricSettings,
  type MetricSettings,
  type RawSettings,
  type SettingName,
  type SettingsResult,
} from './settings';

/** Query-string name of each setting, so that a link reproduces the numbers it shows. */
export const SETTING_PARAMS: Record<SettingName, string> = {
  k: 'k',
  tier1Threshold: 'tier1_threshold',
  usedActions: 'used_actions',
  surfaces: 'surface',
  roles: 'role',
  retrievers: 'retriever',
  runIds: 'run_id',
  categories: 'category',
  from: 'from',
  to: 'to',
  labels: 'labels',
};

const NAMES = Object.keys(SETTING_PARAMS) as SettingName[];

/** Settings from a URLSearchParams-like object; lists are comma-separated. */
export function metricSettingsFromParams(params: { get(name: string): string | null }): SettingsResult {
  const raw: RawSettings = {};
  for (const name of NAMES) {
    const text = params.get(SETTING_PARAMS[name]);
    if (text !== null) raw[name] = text;
  }
  return parseMetricSettings(raw);
}

/** The query-string pairs of the settings that differ from the defaults. */
export function metricSettingsToParams(settings: MetricSettings): [string, string][] {
  const pairs: [string, string][] = [];
  if (settings.k !== DEFAULT_METRIC_SETTINGS.k) pairs.push([SETTING_PARAMS.k, String(settings.k)]);
  if (settings.tier1Threshold !== DEFAULT_METRIC_SETTINGS.tier1Threshold) {
    pairs.push([SETTING_PARAMS.tier1Threshold, String(settings.tier1Threshold)]);
  }
  if (settings.usedActions.join(',') !== DEFAULT_METRIC_SETTINGS.usedActions.join(',')) {
    pairs.push([SETTING_PARAMS.usedActions, settings.usedActions.join(',')]);
  }
  for (const list of LIST_FILTERS) {
    const values = settings[list];
    if (values?.length) pairs.push([SETTING_PARAMS[list], values.join(',')]);
  }
  if (settings.from !== undefined) pairs.push([SETTING_PARAMS.from, new Date(settings.from).toISOString()]);
  if (settings.to !== undefined) pairs.push([SETTING_PARAMS.to, new Date(settings.to).toISOString()]);
  if (settings.labels !== undefined) pairs.push([SETTING_PARAMS.labels, settings.labels]);
  return pairs;
}
