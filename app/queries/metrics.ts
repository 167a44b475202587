import { queryOptions } from '@tanstack/react-query';
import { annotationSectionsIn, metricPanelsIn, type MetricPanels } from '../engine/metrics-report';
import { withRetrievalFacts } from '../engine/retrieval-facts-table';
import { run } from '../engine/sql/core/run';
import { MATRIX_CELL_ROW, matrixCellRetrievalsQuery } from '../engine/sql/metrics/retrieval-details';
import { RELEVANCE_ANNOTATOR_ROW, RELEVANCE_ANNOTATORS_SQL } from '../engine/sql/metrics/label-source';
import type { MatrixCell } from '../model/metrics/matrix-cells';
import { TIER3_SESSION_ROW, tier3SessionsQuery, type Tier3SessionList } from '../engine/sql/metrics/tier3-sessions';
import { metricSettingsToParams } from '../model/metrics/settings-codec';
import type { MetricSettings } from '../model/metrics/settings';
import { datasetKey, logsMark, sameLogsPlaceholder, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn, READS_DERIVED_TABLES } from './coordinated-query';

const settingsKey = (settings: MetricSettings) => metricSettingsToParams(settings);

/**
 * The panels with the settings they were computed for: while new settings compute, the last
 * result stays on screen, and everything drawn beside it must follow its settings, not the URL's.
 */
export interface SettledMetricPanels extends MetricPanels {
  settings: MetricSettings;
}

export const metricPanelsOptions = (dataset: DatasetRef, settings: MetricSettings) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'metrics', 'panels', settingsKey(settings), logsMark(dataset)),
    queryFn: coordinatedQueryFn(dataset, async (job): Promise<SettledMetricPanels> => ({
      ...(await metricPanelsIn(job, settings)), settings,
    }), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
    // labels given here (another tab's, say) keep the last panels on screen, marked, until theirs are ready
    placeholderData: sameLogsPlaceholder(dataset),
  });

/** The report's `agreement` and `review`, for its download (the screen draws neither, and reads them only on the way to it). */
export const annotationSectionsOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'metrics', 'annotation-sections'),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => annotationSectionsIn(engine)),
  });

export type { MatrixCellRow } from '../engine/sql/metrics/retrieval-details';

/** A cell's retrievals, read from the facts table the panels built for the same settings. */
export const matrixCellOptions = (dataset: DatasetRef, settings: MetricSettings, cell: MatrixCell) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'metrics', 'cell', cell, settingsKey(settings)),
    queryFn:
      coordinatedQueryFn(dataset, async (job) =>
        run(await withRetrievalFacts(job, settings), matrixCellRetrievalsQuery(settings, cell, undefined, 'materialized'), MATRIX_CELL_ROW), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
  });

export const tier3SessionsOptions = (dataset: DatasetRef, settings: MetricSettings, list: Tier3SessionList) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'metrics', 'tier3', list, settingsKey(settings)),
    queryFn:
      coordinatedQueryFn(dataset, ({ engine }) => run(engine, tier3SessionsQuery(settings, list), TIER3_SESSION_ROW), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
  });

/** Who gave relevance labels: the Metrics screen's label sources (`labels=<annotator>`). */
export const relevanceAnnotatorsOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'metrics', 'relevance-annotators'),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => run(engine, RELEVANCE_ANNOTATORS_SQL, RELEVANCE_ANNOTATOR_ROW)),
    enabled: dataset.engine !== null,
  });
