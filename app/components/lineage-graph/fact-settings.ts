import { useMemo } from 'react';
import { useUrlSearch } from '../../lib/url-state';
import { sharedSettingsFrom } from '../../links/shared-settings';
import { DEFAULT_METRIC_SETTINGS, parseMetricSettings, type MetricSettings } from '../../model/metrics/settings';

/**
 * The settings behind the inspector's marks: the shared settings in the URL (K, the Tier 1
 * threshold, the used actions), the same as the metrics', so a masked failure here is one the
 * metrics count. Invalid values fall back to the defaults; surface, role and time filters do not
 * apply to one session.
 */
export function useFactSettings(): MetricSettings {
  const { k, tier1Threshold, usedActions } = sharedSettingsFrom(new URLSearchParams(useUrlSearch()));
  return useMemo(() => {
    const parsed = parseMetricSettings({ k, tier1Threshold, usedActions });
    return parsed.ok ? parsed.settings : { ...DEFAULT_METRIC_SETTINGS };
  }, [k, tier1Threshold, usedActions]);
}

/** "Tier 1 bad = judged and (empty, P@1 = 0 or nDCG@10 < 0.5)": the definition shown next to the marks. */
export const tier1Rule = (settings: MetricSettings) =>
  `Tier 1 bad = judged and (empty, P@1 = 0 or nDCG@${settings.k} < ${settings.tier1Threshold})`;
