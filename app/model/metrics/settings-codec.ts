import { takeOptions } from '../../lib/command-options';
import {
  DEFAULT_METRIC_SETTINGS,
  LIST_FILTERS,
  parseMetricSettings,
  type MetricSettings,
  type RawSettings,
  type SettingName,
  type SettingsError,
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

/** Command-line flag of each setting. */
export const SETTING_FLAGS: Record<SettingName, string> = {
  k: '--k',
  tier1Threshold: '--tier1-threshold',
  usedActions: '--used-actions',
  surfaces: '--surface',
  roles: '--role',
  retrievers: '--retriever',
  runIds: '--run-id',
  categories: '--category',
  from: '--from',
  to: '--to',
  labels: '--labels',
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

export type SettingsArgsResult =
  | { ok: true; settings: MetricSettings; rest: string[] }
  | { ok: false; errors: SettingsError[] };

/**
 * Takes the settings flags (`--k 5` or `--k=5`) out of command-line arguments; the other
 * arguments are returned in order, for the command to read.
 */
export function parseMetricSettingsArgs(args: readonly string[]): SettingsArgsResult {
  const raw: RawSettings = {};
  const errors: SettingsError[] = [];
  const settingOf = (flag: string) => NAMES.find((candidate) => SETTING_FLAGS[candidate] === flag);
  const { options, rest } = takeOptions(args, (flag) => settingOf(flag) !== undefined);
  for (const { name: flag, value } of options) {
    const name = settingOf(flag)!;
    if (value === undefined) errors.push({ setting: name, input: '', message: `${flag} needs a value` });
    else raw[name] = value;
  }
  const parsed = parseMetricSettings(raw);
  if (!parsed.ok) errors.push(...parsed.errors);
  return errors.length > 0 || !parsed.ok ? { ok: false, errors } : { ok: true, settings: parsed.settings, rest };
}
