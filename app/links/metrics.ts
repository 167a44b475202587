import { SETTING_PARAMS } from '../model/metrics/settings-codec';
import { choice, list, text } from './param';
import { screenUrl } from './screen-url';

/**
 * Metrics: its filters (surface, role, retriever, run_id, category, from, to: raw text,
 * validated with the shared settings by model/metrics/settings), the open matrix cell, the open
 * Tier 3 list and the trend bucket. The screen checks `cell` and `tier3` against the lists its
 * SQL knows.
 */
export const metricsUrl = screenUrl('metrics', {
  surfaces: list(SETTING_PARAMS.surfaces),
  roles: list(SETTING_PARAMS.roles),
  retrievers: list(SETTING_PARAMS.retrievers),
  runIds: list(SETTING_PARAMS.runIds),
  categories: list(SETTING_PARAMS.categories),
  from: text(SETTING_PARAMS.from),
  to: text(SETTING_PARAMS.to),
  cell: text('cell'),
  tier3: text('tier3'),
  trend: choice('trend', ['day', 'week'], 'week'),
});

export type MetricsView = ReturnType<typeof metricsUrl.read>;
