import type { MetricSettings } from '../../model/metrics/settings';

/**
 * "Tier 1 bad = judged and (empty, P@1 = 0 or nDCG@10 < 0.5)": the definition shown next to the
 * marks, at the settings the caller reads them with (the shared settings of the URL, the same as
 * the metrics', so a masked failure here is one the metrics count).
 */
export const tier1Rule = (settings: MetricSettings) =>
  `Tier 1 bad = judged and (empty, P@1 = 0 or nDCG@${settings.k} < ${settings.tier1Threshold})`;
