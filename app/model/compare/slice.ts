import { splitCommaList } from '../../lib/comma-list';
import { parseMetricSettings, sharedSettingsOf, type MetricSettings, type RawSettings, type SettingName, type SettingsError } from '../metrics/settings';

/** The filters a slice may set, named as on the command line and in docs/metrics.md ("Comparing two slices"). */
export const SLICE_KEYS = ['retriever', 'run_id', 'surface', 'role', 'category', 'from', 'to'] as const;
export type SliceKey = (typeof SLICE_KEYS)[number];
type ListKey = Exclude<SliceKey, 'from' | 'to'>;

export const SLICE_LIST_KEYS: readonly ListKey[] = ['retriever', 'run_id', 'surface', 'role', 'category'];

/** The metric setting each slice key sets. */
export const SLICE_SETTING = {
  retriever: 'retrievers',
  run_id: 'runIds',
  surface: 'surfaces',
  role: 'roles',
  category: 'categories',
  from: 'from',
  to: 'to',
} as const satisfies Record<SliceKey, SettingName>;

/** A slice: per list key the values it keeps (any of them), and the [from, to) bounds as given. */
export type SliceFilters = Partial<Record<ListKey, string[]>> & { from?: string; to?: string };

export type SliceParse = { ok: true; slice: SliceFilters } | { ok: false; errors: string[] };

const isSliceKey = (key: string): key is SliceKey => (SLICE_KEYS as readonly string[]).includes(key);

/**
 * `key=value` pairs as the command line takes them (`retriever=dense`, `from=2026-10-01`):
 * several pairs allowed, a repeated list key or a comma adds values; `from`/`to` once each.
 */
export function parseSlicePairs(pairs: string[]): SliceParse {
  const slice: SliceFilters = {};
  const errors: string[] = [];
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at).trim();
    const value = at < 0 ? '' : pair.slice(at + 1).trim();
    if (!isSliceKey(key)) {
      errors.push(`"${pair}": a filter is key=value with key one of ${SLICE_KEYS.join(', ')}`);
    } else if (value === '') {
      errors.push(`"${pair}": ${key} needs a value (key=value)`);
    } else if (key === 'from' || key === 'to') {
      if (slice[key] !== undefined) errors.push(`"${pair}": ${key} is given twice`);
      else slice[key] = value;
    } else {
      slice[key] = [...new Set([...(slice[key] ?? []), ...splitCommaList(value)])];
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, slice };
}

/** The slice as `key=value` pairs, the inverse of `parseSlicePairs` (one pair per key). */
export function slicePairs(slice: SliceFilters): string[] {
  return SLICE_KEYS.flatMap((key) => {
    const value = slice[key];
    if (value === undefined || value.length === 0) return [];
    return [`${key}=${Array.isArray(value) ? value.join(',') : value}`];
  });
}

/**
 * The settings of one slice: the shared choices of `base` (K, Tier 1 threshold, used actions)
 * with the slice's filters in place of any filter of `base`.
 */
export function sliceSettings(base: MetricSettings, slice: SliceFilters): { ok: true; settings: MetricSettings } | { ok: false; errors: SettingsError[] } {
  const raw: RawSettings = {};
  for (const key of SLICE_LIST_KEYS) if (slice[key]?.length) raw[SLICE_SETTING[key]] = slice[key].join(',');
  if (slice.from !== undefined) raw.from = slice.from;
  if (slice.to !== undefined) raw.to = slice.to;
  const parsed = parseMetricSettings(raw);
  return parsed.ok ? { ok: true, settings: { ...parsed.settings, ...sharedSettingsOf(base) } } : parsed;
}

/** The filters of metric settings as a slice, dates as ISO text: the inverse of `sliceSettings` (Metrics' "Compare slices…"). */
export function sliceOfSettings(settings: MetricSettings): SliceFilters {
  const filters: SliceFilters = {};
  for (const key of SLICE_LIST_KEYS) {
    const values = settings[SLICE_SETTING[key]];
    if (values?.length) filters[key] = [...values];
  }
  if (settings.from !== undefined) filters.from = new Date(settings.from).toISOString();
  if (settings.to !== undefined) filters.to = new Date(settings.to).toISOString();
  return filters;
}

const KEY_LABEL: Record<ListKey, string> = { retriever: 'retriever', run_id: 'run', surface: 'surface', role: 'role', category: 'category' };
const day = (text: string) => (/^\d{4}-\d{2}-\d{2}T00:00:00(\.000)?Z$/.test(text) ? text.slice(0, 10) : text);

/** A slice in words: `retriever = dense · from 2026-10-01`, or "all retrievals". */
export function describeSlice(slice: SliceFilters): string {
  const parts = SLICE_LIST_KEYS.flatMap((key) => (slice[key]?.length ? [`${KEY_LABEL[key]} = ${slice[key].join(' or ')}`] : []));
  if (slice.from) parts.push(`from ${day(slice.from)}`);
  if (slice.to) parts.push(`before ${day(slice.to)}`);
  return parts.length > 0 ? parts.join(' · ') : 'all retrievals';
}
