import { queryOptions } from '@tanstack/react-query';
import { explainIn } from '../engine/explain-report';
import { withRetrievalFacts } from '../engine/retrieval-facts-table';
import { run } from '../engine/sql/core/run';
import { SLICE_RETRIEVAL_ROW, sliceRetrievalsQuery, type SliceRetrievalRow } from '../engine/sql/explain/slice-counts';
import { driftQuestionRuns } from '../engine/explain-report';
import { computeDriftReport } from '../engine/drift-report';
import type { ExplainSignal } from '../model/explain/signals';
import { writeSlice } from '../model/explain/slice-codec';
import type { SliceValues } from '../model/explain/slices';
import type { MetricSettings } from '../model/metrics/settings';
import { metricSettingsToParams } from '../model/metrics/settings-codec';
import { coordinatedQueryFn, READS_DERIVED_TABLES } from './coordinated-query';
import { datasetKey, type DatasetRef } from './dataset-key';

const settingsKey = (settings: MetricSettings) => metricSettingsToParams(settings);

/**
 * "Why here?": where `signal` concentrates among the retrievals the settings keep (the drift flags
 * of this dataset version: the coordinator answers the drift's statements the panels ran).
 */
export const explainOptions = (dataset: DatasetRef, settings: MetricSettings, signal: ExplainSignal, minSupport: number) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'metrics', 'explain', signal, minSupport, settingsKey(settings)),
    queryFn: coordinatedQueryFn(dataset, async (job) => {
      const { flags } = await computeDriftReport(job.engine);
      return explainIn(job, settings, signal, flags, minSupport);
    }, READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
  });

/** A slice's retrievals, those with the signal first (the first 1,000). */
export const sliceRetrievalsOptions = (dataset: DatasetRef, settings: MetricSettings, signal: ExplainSignal, slice: SliceValues) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'metrics', 'explain-slice', signal, writeSlice(slice), settingsKey(settings)),
    queryFn: coordinatedQueryFn(dataset, async (job): Promise<SliceRetrievalRow[]> => {
      const { flags } = await computeDriftReport(job.engine);
      const facts = await withRetrievalFacts(job, settings);
      const query = sliceRetrievalsQuery(settings, { signal, driftQuestionRuns: driftQuestionRuns(flags), source: 'materialized' }, slice);
      return run(facts, query, SLICE_RETRIEVAL_ROW);
    }, READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
  });
