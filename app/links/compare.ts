import { SLICE_KEYS, SLICE_LIST_KEYS, type SliceFilters } from '../model/compare/slice';
import { PAIRED_METRICS } from '../model/compare/types';
import { choice, list, text, type Param } from './param';
import { screenUrl } from './screen-url';

/**
 * One slice under a prefix: `a_retriever=dense,bm25&a_from=2026-10-01`. Lists are comma-separated,
 * dates raw text (the screen validates them with the shared settings); an empty slice writes nothing.
 */
export const sliceParam = (prefix: 'a' | 'b'): Param<SliceFilters> => {
  const lists = SLICE_LIST_KEYS.map((key) => [key, list(`${prefix}_${key}`)] as const);
  const bounds = (['from', 'to'] as const).map((key) => [key, text(`${prefix}_${key}`)] as const);
  return {
    names: SLICE_KEYS.map((key) => `${prefix}_${key}`),
    read: (params) => {
      const filters: SliceFilters = {};
      for (const [key, param] of lists) {
        const values = param.read(params);
        if (values.length > 0) filters[key] = values;
      }
      for (const [key, param] of bounds) {
        const value = param.read(params);
        if (value !== null) filters[key] = value;
      }
      return filters;
    },
    write: (filters) => [
      ...lists.flatMap(([key, param]) => param.write(filters[key] ?? [])),
      ...bounds.flatMap(([key, param]) => param.write(filters[key] ?? null)),
    ],
  };
};

/**
 * Compare: slices A and B, the metric the per-query chart shows and the query whose retrievals
 * are open. A URL that names neither slice shows the default pair the screen picks from the data
 * (the same on every reload of the same logs). `what_if` (a pipeline, `rrf:20`) compares the
 * logged lists with the pipeline's instead, `query` then naming the open retrieval; `sweep`
 * (`rrf:10:100:10`) draws a figure against the pipeline's parameter.
 */
export const compareUrl = screenUrl('compare', {
  a: sliceParam('a'),
  b: sliceParam('b'),
  metric: choice('metric', PAIRED_METRICS, 'ndcg_at_k'),
  query: text('query'),
  whatIf: text('what_if'),
  sweep: text('sweep'),
});

export type CompareView = ReturnType<typeof compareUrl.read>;

export const isEmptySlice = (filters: SliceFilters) => SLICE_KEYS.every((key) => filters[key] === undefined || filters[key].length === 0);
