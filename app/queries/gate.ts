import { queryOptions } from '@tanstack/react-query';
import { loadGateScreen } from '../engine/sql/gate/gate-screen';
import { datasetKey, requireEngine, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';
import { DEFAULT_METRIC_SETTINGS } from '../model/metrics/settings';

/**
 * The gate screen's data over every loaded event (no metric filters). It reads no temp table,
 * so it need not join the metrics screen's one-at-a-time queue.
 */
export const gateScreenOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'gate', 'screen'),
    queryFn: () => loadGateScreen(requireEngine(dataset), DEFAULT_METRIC_SETTINGS),
    enabled: dataset.engine !== null,
    placeholderData: sameDatasetPlaceholder(dataset),
  });
