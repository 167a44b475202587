import { SLICE_KEYS, sliceSettings, type SliceFilters } from '../../model/compare/slice';
import type { MetricSettings } from '../../model/metrics/settings';

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

export { describeSlice } from '../../model/compare/slice';
