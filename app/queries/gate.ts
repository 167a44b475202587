import { queryOptions } from '@tanstack/react-query';
import { loadGateScreen } from '../engine/sql/gate/gate-screen';
import { datasetKey, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn, READS_DERIVED_TABLES } from './coordinated-query';
import { DEFAULT_METRIC_SETTINGS } from '../model/metrics/settings';

/** The gate screen's data over every loaded event (no metric filters). */
export const gateScreenOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'gate', 'screen'),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => loadGateScreen(engine, DEFAULT_METRIC_SETTINGS), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
    placeholderData: sameDatasetPlaceholder(dataset),
  });
