import { useMemo } from 'react';
import { useUrlParam } from '../../lib/url-state';
import { metricSettingsFromParams, SETTING_PARAMS } from '../../model/metrics/settings-codec';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../model/metrics/settings';

/**
 * The settings behind the inspector's marks, from the same URL parameters as the metrics (K, the
 * Tier 1 threshold, the used actions), so a masked failure here is one the metrics count. Invalid
 * values fall back to the defaults; surface, role and time filters do not apply to one session.
 */
export function useFactSettings(): MetricSettings {
  const [k] = useUrlParam(SETTING_PARAMS.k);
  const [threshold] = useUrlParam(SETTING_PARAMS.tier1Threshold);
  const [used] = useUrlParam(SETTING_PARAMS.usedActions);
  return useMemo(() => {
    const params = new URLSearchParams();
    if (k) params.set(SETTING_PARAMS.k, k);
    if (threshold) params.set(SETTING_PARAMS.tier1Threshold, threshold);
    if (used) params.set(SETTING_PARAMS.usedActions, used);
    const parsed = metricSettingsFromParams(params);
    return parsed.ok ? parsed.settings : { ...DEFAULT_METRIC_SETTINGS };
  }, [k, threshold, used]);
}

/** "Tier 1 bad = judged and (empty, P@1 = 0 or nDCG@10 < 0.5)": the definition shown next to the marks. */
export const tier1Rule = (settings: MetricSettings) =>
  `Tier 1 bad = judged and (empty, P@1 = 0 or nDCG@${settings.k} < ${settings.tier1Threshold})`;
