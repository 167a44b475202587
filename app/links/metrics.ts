import { EXPLAIN_SIGNALS } from '../model/explain/signals';
import { SETTING_PARAMS } from '../model/metrics/settings-codec';
import { choice, list, text } from './param';
import { screenUrl } from './screen-url';

/**
 * Metrics: its filters (surface, role, retriever, run_id, category, from, to) and label source (`labels`: raw text,
 * validated with the shared settings by model/metrics/settings), the open matrix cell and the
 * sort of its list (`cell_sort=-ndcg`: a column, `-` first for descending), the open Tier 3 list
 * and the trend bucket. The screen checks `cell`, `cell_sort` and `tier3` against the lists it knows.
 * `why` opens the "Why here?" panel of a signal, `why_slice` lists one of its slices' retrievals
 * (model/explain/slice-codec.ts), `min_support` is its support (default 20).
 */
export const metricsUrl = screenUrl('metrics', {
  surfaces: list(SETTING_PARAMS.surfaces),
  roles: list(SETTING_PARAMS.roles),
  retrievers: list(SETTING_PARAMS.retrievers),
  runIds: list(SETTING_PARAMS.runIds),
  categories: list(SETTING_PARAMS.categories),
  from: text(SETTING_PARAMS.from),
  to: text(SETTING_PARAMS.to),
  labels: text(SETTING_PARAMS.labels),
  cell: text('cell'),
  cellSort: text('cell_sort'),
  tier3: text('tier3'),
  trend: choice('trend', ['day', 'week'], 'week'),
  why: choice('why', EXPLAIN_SIGNALS),
  whySlice: text('why_slice'),
  minSupport: text('min_support'),
});

export type MetricsView = ReturnType<typeof metricsUrl.read>;
