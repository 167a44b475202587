import { queryOptions } from '@tanstack/react-query';
import { whatIfListsIn, whatIfResultOf, whatIfSlicesIn, type SweepPoint } from '../engine/what-if-report';
import { run } from '../engine/sql/core/run';
import { WHAT_IF_RETRIEVAL_ROW, whatIfRetrievalQuery } from '../engine/sql/what-if/retrieval-lists';
import { metricSettingsToParams } from '../model/metrics/settings-codec';
import type { MetricSettings } from '../model/metrics/settings';
import { pipelineText, sweepPoints, sweepText, type Pipeline, type Sweep } from '../model/what-if/pipeline';
import type { WhatIfResult } from '../model/what-if/report';
import { coordinatedQueryFn, READS_DERIVED_TABLES } from './coordinated-query';
import { datasetKey, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';
import { pairedStatisticsOffThread } from './paired-statistics-off-thread';

/** A what-if (the logged lists against a pipeline's) under the shared metric settings. */
export const whatIfOptions = (dataset: DatasetRef, base: MetricSettings, pipeline: Pipeline) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'compare', 'what-if', metricSettingsToParams(base), pipelineText(pipeline)),
    queryFn: async (context): Promise<WhatIfResult> => {
      const read = await coordinatedQueryFn(dataset, (job) => whatIfSlicesIn(job, base, pipeline), READS_DERIVED_TABLES)(context);
      return whatIfResultOf(pipeline, read, pairedStatisticsOffThread);
    },
    enabled: dataset.engine !== null,
    placeholderData: sameDatasetPlaceholder(dataset),
  });

/**
 * Every point of a sweep, each exactly the what-if of its pipeline (its statistics off the main
 * thread while the next point reads). A job a point: a job's tables go when it ends, and at 1M
 * events ten points' tables do not fit DuckDB-wasm's memory.
 */
export const whatIfSweepOptions = (dataset: DatasetRef, base: MetricSettings, sweep: Sweep) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'compare', 'what-if-sweep', metricSettingsToParams(base), sweepText(sweep)),
    queryFn: async (context): Promise<SweepPoint[]> => {
      const results: Promise<SweepPoint>[] = [];
      for (const point of sweepPoints(sweep)) {
        const read = await coordinatedQueryFn(dataset, (job) => whatIfSlicesIn(job, base, point.pipeline), READS_DERIVED_TABLES)(context);
        results.push(whatIfResultOf(point.pipeline, read, pairedStatisticsOffThread).then((result) => ({ value: point.value, result })));
      }
      return Promise.all(results);
    },
    enabled: dataset.engine !== null,
  });

/** One retrieval of a what-if opened: its logged list with grades, and the pipeline's list. */
export const whatIfRetrievalOptions = (dataset: DatasetRef, pipeline: Pipeline, retrievalId: string) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'compare', 'what-if-retrieval', pipelineText(pipeline), retrievalId),
    queryFn: coordinatedQueryFn(dataset, async (job) => {
      const [row] = await run(job.engine, whatIfRetrievalQuery(retrievalId), WHAT_IF_RETRIEVAL_ROW);
      const [list] = await whatIfListsIn(job, pipeline, [retrievalId]);
      return { retrieval: row ?? null, whatIf: list?.asset_ids ?? null };
    }, READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
  });

/** The pipeline's lists of some retrievals (the session view's page), by retrieval id. */
export const whatIfListsOptions = (dataset: DatasetRef, pipeline: Pipeline, retrievalIds: readonly string[]) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'sessions', 'what-if-lists', pipelineText(pipeline), [...retrievalIds]),
    queryFn: coordinatedQueryFn(dataset, async (job) => {
      const rows = await whatIfListsIn(job, pipeline, retrievalIds);
      return new Map(rows.map((row) => [row.retrieval_id, { assetIds: row.asset_ids, scores: row.asset_scores }]));
    }),
    enabled: dataset.engine !== null && retrievalIds.length > 0,
  });
