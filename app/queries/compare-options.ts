import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_PAIR_ROW, defaultPairQuery, SLICE_OPTION_ROW, sliceOptionsQuery, type SliceOptionRow } from '../engine/sql/compare/slice-options';
import { run } from '../engine/sql/core/run';
import { chooseDefaultPair, type PairCandidate } from '../model/compare/default-pair';
import type { SliceFilters } from '../model/compare/slice';
import { coordinatedQueryFn, READS_DERIVED_TABLES } from './coordinated-query';
import { datasetKey, type DatasetRef } from './dataset-key';

export type SliceOptions = Record<SliceOptionRow['key'], { value: string; retrievals: number }[]>;

/** The values each slice filter can take, over the loaded retrievals. */
export const sliceOptionsOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'compare', 'slice-options'),
    queryFn: coordinatedQueryFn(dataset, async ({ engine }) => {
      const options: SliceOptions = { retriever: [], run_id: [], surface: [], role: [], category: [] };
      for (const row of await run(engine, sliceOptionsQuery(), SLICE_OPTION_ROW)) options[row.key].push({ value: row.value, retrievals: row.retrievals });
      return options;
    }, READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
  });

/** The slices shown when the URL names none, and how they were chosen (null: no two retrievers or runs share a judged query). */
export interface DefaultSlices {
  a: SliceFilters;
  b: SliceFilters;
  chosenBy: PairCandidate | null;
}

/** The best pair of retrievers and of runs, of which `chooseDefaultPair` takes one: a first start shows a comparison. */
export const defaultSlicesOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'compare', 'default-slices'),
    queryFn: coordinatedQueryFn(dataset, async ({ engine }): Promise<DefaultSlices> => {
      const candidates: PairCandidate[] = [];
      for (const column of ['retriever', 'run_id'] as const) {
        const [pair] = await run(engine, defaultPairQuery(column), DEFAULT_PAIR_ROW);
        if (pair) candidates.push({ column, ...pair });
      }
      const best = chooseDefaultPair(candidates);
      return best ? { a: { [best.column]: [best.a] }, b: { [best.column]: [best.b] }, chosenBy: best } : { a: {}, b: {}, chosenBy: null };
    }, READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
  });
