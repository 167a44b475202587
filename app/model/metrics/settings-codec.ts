import { takeOptions } from '../../lib/command-options';
import {
  DEFAULT_METRIC_SETTINGS,
  LIST_FILTERS,
  parseMetricSettings,
  SHARED_SETTINGS,
  type MetricSettings,
  type RawSettings,
  type SettingName,
  type SettingsError,
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
