import {
  DEFAULT_METRIC_SETTINGS,
  LIST_FILTERS,
  SHARED_SETTINGS,
  type MetricSettings,
  type SettingName,
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

const settingText = (value: number | string[]) => (Array.isArray(value) ? value.join(',') : String(value));

/** The query-string pairs of the settings that differ from the defaults (queries key their results by them too). */
export function metricSettingsToParams(settings: MetricSettings): [string, string][] {
  const pairs: [string, string][] = [];
  for (const name of SHARED_SETTINGS) {
    const text = settingText(settings[name]);
    if (text !== settingText(DEFAULT_METRIC_SETTINGS[name])) pairs.push([SETTING_PARAMS[name], text]);
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
