import { optionsNamed, type CommandLine, type OptionsTable } from '../lib/command-options';
import { ALL_LABELS, DEFAULT_METRIC_SETTINGS, parseMetricSettings, type MetricSettings, type RawSettings, type SettingName, type SettingsError } from '../model/metrics/settings';

/** The metric settings as command-line options, each with the setting it sets; their defaults are the app's. */
export const SETTINGS_OPTIONS = {
  k: { value: 'N', help: 'rank cutoff of P@k, recall@k, nDCG@k, 1–100', default: DEFAULT_METRIC_SETTINGS.k },
  'tier1-threshold': { value: 'X', help: 'nDCG@k below X makes a judged retrieval Tier 1 bad', default: DEFAULT_METRIC_SETTINGS.tier1Threshold },
  'used-actions': { value: 'a,b,c', help: 'user actions that count as used', default: DEFAULT_METRIC_SETTINGS.usedActions.join(',') },
  surface: { value: 'a,b', help: 'only these surfaces' },
  role: { value: 'a,b', help: 'only these effective roles' },
  retriever: { value: 'a,b', help: 'only these retrievers' },
  'run-id': { value: 'a,b', help: 'only these runs' },
  category: { value: 'a,b', help: 'only these categories' },
  from: { value: 'DATE', help: 'only events with from <= ts (ISO-8601 or epoch ms)' },
  to: { value: 'DATE', help: 'only events with ts < to (ISO-8601 or epoch ms)' },
  labels: {
    value: 'SOURCE',
    help: ['Tier 1 from these relevance labels: all (every label, resolved), human (labels whose', "annotator_kind is human or absent) or an annotator's name"],
    default: ALL_LABELS,
  },
} satisfies OptionsTable;

const SETTING_OF: Record<keyof typeof SETTINGS_OPTIONS, SettingName> = {
  k: 'k',
  'tier1-threshold': 'tier1Threshold',
  'used-actions': 'usedActions',
  surface: 'surfaces',
  role: 'roles',
  retriever: 'retrievers',
  'run-id': 'runIds',
  category: 'categories',
  from: 'from',
  to: 'to',
  labels: 'labels',
};

export type SettingsOptionsResult = { ok: true; settings: MetricSettings } | { ok: false; errors: SettingsError[] };

/** The metric settings the command line gives (the last of an option given twice). */
export function metricSettingsOptions(line: CommandLine): SettingsOptionsResult {
  const raw: RawSettings = {};
  const errors: SettingsError[] = [];
  for (const { name, value } of optionsNamed(line, Object.keys(SETTINGS_OPTIONS))) {
    const setting = SETTING_OF[name as keyof typeof SETTINGS_OPTIONS];
    if (value === undefined) errors.push({ setting, input: '', message: `--${name} needs a value` });
    else raw[setting] = value;
  }
  const parsed = parseMetricSettings(raw);
  if (!parsed.ok) errors.push(...parsed.errors);
  return errors.length > 0 || !parsed.ok ? { ok: false, errors } : { ok: true, settings: parsed.settings };
}
