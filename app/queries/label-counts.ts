import { queryOptions } from '@tanstack/react-query';
import { ANNOTATOR_LABEL_COUNT_ROW, annotatorLabelCountsQuery } from '../engine/sql/annotation/annotator-label-counts';
import { run } from '../engine/sql/core/run';
import { coordinatedQueryFn } from './coordinated-query';
import { datasetKey, type DatasetRef } from './dataset-key';

/** Keeps the last counts while the same loaded logs count again (the key's fourth part is the load). */
const sameLogs = (load: number) =>
  <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }) => (previousQuery?.queryKey[3] === load ? previous : undefined);

/**
 * Every annotator's labels given and items labeled per kind: the one count Overview, Annotate and
 * Agreement show. The last counts stay on screen while a label given here makes them run again
 * (same loaded logs); a new load never shows the old logs' counts.
 */
export const annotatorLabelCountsOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'annotator-label-counts', dataset.loadVersion ?? dataset.version),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => run(engine, annotatorLabelCountsQuery(), ANNOTATOR_LABEL_COUNT_ROW)),
    enabled: dataset.engine !== null,
    placeholderData: sameLogs(dataset.loadVersion ?? dataset.version),
  });
