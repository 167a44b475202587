import { splitCommaList } from '../../lib/comma-list';
import { parseTimestamp } from '../../schema/parse-ts';

/** The choices behind every metric (docs/metrics.md): shown next to the numbers they produce. */
export interface MetricSettings {
  /** Rank cutoff of P@k, recall@k and nDCG@k, an integer from 1 to 100. */
  k: number;
  /** A judged retrieval with nDCG@k below this is Tier 1 bad. */
  tier1Threshold: number;
  /** User actions that count as a genuine positive (GPR). */
  usedActions: string[];
  /** Only these surfaces; absent or empty = all. */
  surfaces?: string[];
  /** Only these effective roles ('unknown' for none); absent or empty = all. */
  roles?: string[];
  /** Only retrievals by these retrievers, and what is attributed to them (as roles); absent or empty = all. */
  retrievers?: string[];
  /** Only events of these runs (`run_id`, the system variant); absent or empty = all. */
  runIds?: string[];
  /** Only events of these categories (event-scope.ts: the event's own, else its turn's prompt's); absent or empty = all. */
  categories?: string[];
  /** Inclusive lower bound on the event's ts, epoch ms. */
  from?: number;
  /** Exclusive upper bound on the event's ts, epoch ms. */
  to?: number;
  /**
   * Whose relevance labels Tier 1 reads (docs/metrics.md, "Judges and humans"): `human`, or one
   * annotator's name; absent = all (the resolution over every label).
   */
  labels?: string;
}

export const DEFAULT_USED_ACTIONS = ['select', 'edit', 'place', 'follow_up', 'export', 'share', 'download'];

export const DEFAULT_METRIC_SETTINGS: Readonly<MetricSettings> = Object.freeze({
  k: 10,
  tier1Threshold: 0.5,
  usedActions: DEFAULT_USED_ACTIONS,
});

/**
 * The settings that change facts on every screen (what counts as Tier 1 bad, as used, as masked):
 * every link carries them, and a slice or a single session takes them from the metrics' settings.
 */
export const SHARED_SETTINGS = ['k', 'tier1Threshold', 'usedActions'] as const;
export type SharedSettingName = (typeof SHARED_SETTINGS)[number];
export type SharedMetricSettings = Pick<MetricSettings, SharedSettingName>;

/** Only the shared settings of `settings`: the filters of the metrics do not apply. */
export const sharedSettingsOf = (settings: MetricSettings): SharedMetricSettings =>
  Object.fromEntries(SHARED_SETTINGS.map((name) => [name, settings[name]])) as SharedMetricSettings;

/** The filters that are lists of values (empty = all). */
export const LIST_FILTERS = ['surfaces', 'roles', 'retrievers', 'runIds', 'categories'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

/** The label source that is the default: every label, resolved (so absent from settings). */
export const ALL_LABELS = 'all';
export const HUMAN_LABELS = 'human';

export const K_MIN = 1;
export const K_MAX = 100;

export type SettingName = keyof MetricSettings;

export interface SettingsError {
  setting: SettingName;
  input: string;
  message: string;
}

export type SettingsResult = { ok: true; settings: MetricSettings } | { ok: false; errors: SettingsError[] };

/** Raw text per setting, as it came from a URL or the command line. */
export type RawSettings = Partial<Record<SettingName, string>>;

type Parsed<T> = { value: T } | { error: string };

const PARSERS: { [S in SettingName]-?: (text: string) => Parsed<MetricSettings[S]> } = {
  k: (text) => {
    const k = Number(text);
    return /^\s*\d+\s*$/.test(text) && k >= K_MIN && k <= K_MAX
      ? { value: k }
      : { error: `k must be an integer from ${K_MIN} to ${K_MAX}, got "${text}"` };
  },
  tier1Threshold: (text) => {
    const threshold = Number(text);
    return text.trim() !== '' && Number.isFinite(threshold) && threshold >= 0 && threshold <= 1
      ? { value: threshold }
      : { error: `the Tier 1 threshold must be a number from 0 to 1, got "${text}"` };
  },
  usedActions: (text) => {
    const actions = splitCommaList(text);
    return actions.length > 0 ? { value: actions } : { error: 'the used actions must name at least one action' };
  },
  surfaces: (text) => ({ value: splitCommaList(text) }),
  roles: (text) => ({ value: splitCommaList(text) }),
  retrievers: (text) => ({ value: splitCommaList(text) }),
  runIds: (text) => ({ value: splitCommaList(text) }),
  categories: (text) => ({ value: splitCommaList(text) }),
  from: (text) => parseBound(text, 'from'),
  to: (text) => parseBound(text, 'to'),
  labels: (text) => (text.trim() === '' ? { error: 'labels must be all, human or an annotator\'s name' } : { value: text.trim() }),
};

function parseBound(text: string, name: string): Parsed<number> {
  const ms = parseTimestamp(/^\d+$/.test(text.trim()) ? Number(text) : text);
  return ms === null ? { error: `"${name}" must be an ISO-8601 date or epoch milliseconds, got "${text}"` } : { value: ms };
}

/** Validates raw settings over the defaults; every problem is reported, none thrown. */
export function parseMetricSettings(raw: RawSettings): SettingsResult {
  const settings: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, usedActions: [...DEFAULT_METRIC_SETTINGS.usedActions] };
  const errors: SettingsError[] = [];
  for (const [name, text] of Object.entries(raw) as [SettingName, string | undefined][]) {
    if (text === undefined) continue;
    const parsed = PARSERS[name](text);
    if ('error' in parsed) errors.push({ setting: name, input: text, message: parsed.error });
    else Object.assign(settings, { [name]: parsed.value });
  }
  if (settings.from !== undefined && settings.to !== undefined && settings.from >= settings.to) {
    errors.push({ setting: 'to', input: raw.to ?? '', message: '"to" must be later than "from" (the range is [from, to))' });
  }
  for (const list of LIST_FILTERS) if (settings[list]?.length === 0) delete settings[list];
  if (settings.labels === ALL_LABELS) delete settings.labels;
  return errors.length > 0 ? { ok: false, errors } : { ok: true, settings };
}

/** When a judged retrieval is Tier 1 bad at these settings (docs/metrics.md, Tier 1): the words every screen shows. */
export const tier1BadCondition = (settings: Pick<MetricSettings, 'k' | 'tier1Threshold'>) =>
  `empty, P@1 = 0 or nDCG@${settings.k} < ${settings.tier1Threshold}`;
