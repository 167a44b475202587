import { sharedSettingsFrom } from '../../links/shared-settings';
import { SLICE_KEYS, SLICE_LIST_KEYS, sliceSettings, type SliceFilters } from '../../model/compare/slice';
import { DEFAULT_METRIC_SETTINGS, parseMetricSettings, type MetricSettings, type RawSettings, type SettingsError } from '../../model/metrics/settings';

/** K, the Tier 1 threshold and the used actions of the URL; a malformed one is reported and its default used. */
export function baseFromSearch(search: string): { base: MetricSettings; errors: SettingsError[] } {
  const raw: RawSettings = sharedSettingsFrom(new URLSearchParams(search));
  const parsed = parseMetricSettings(raw);
  if (parsed.ok) return { base: parsed.settings, errors: [] };
  const bad = new Set(parsed.errors.map((error) => error.setting));
  const kept = parseMetricSettings(Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name as keyof MetricSettings))));
  return { base: kept.ok ? kept.settings : { ...DEFAULT_METRIC_SETTINGS }, errors: parsed.errors };
}

/** The settings of a slice, or the messages of what in it is malformed (a date). */
export function sliceSettingsOrErrors(base: MetricSettings, slice: SliceFilters): { settings: MetricSettings | null; errors: string[] } {
  const parsed = sliceSettings(base, slice);
  return parsed.ok ? { settings: parsed.settings, errors: [] } : { settings: null, errors: parsed.errors.map((error) => error.message) };
}

/** Two slices that keep the same retrievals by the same filters (order of values aside). */
export function sameSlice(a: SliceFilters, b: SliceFilters): boolean {
  return SLICE_KEYS.every((key) => {
    const left = a[key];
    const right = b[key];
    if (Array.isArray(left) || Array.isArray(right)) return [...(left ?? [])].sort().join('\u0000') === [...(right ?? [])].sort().join('\u0000');
    return (left ?? '') === (right ?? '');
  });
}

const KEY_LABEL: Record<(typeof SLICE_LIST_KEYS)[number], string> = { retriever: 'retriever', run_id: 'run', surface: 'surface', role: 'role', category: 'category' };
const day = (text: string) => (/^\d{4}-\d{2}-\d{2}T00:00:00(\.000)?Z$/.test(text) ? text.slice(0, 10) : text);

/** A slice in words: `retriever = dense · from 2026-10-01`, or "all retrievals". */
export function describeSlice(slice: SliceFilters): string {
  const parts = SLICE_LIST_KEYS.flatMap((key) => (slice[key]?.length ? [`${KEY_LABEL[key]} = ${slice[key].join(' or ')}`] : []));
  if (slice.from) parts.push(`from ${day(slice.from)}`);
  if (slice.to) parts.push(`before ${day(slice.to)}`);
  return parts.length > 0 ? parts.join(' · ') : 'all retrievals';
}
