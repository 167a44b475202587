import { queryOptions } from '@tanstack/react-query';
import type { EventScope } from '../model/event-scope';
import { loadGateScreen } from '../engine/sql/gate/gate-screen';
import { datasetKey, sameDatasetPlaceholder, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn, READS_DERIVED_TABLES } from './coordinated-query';

/** The gate screen's data over the events in `scope` (not the Metrics screen's filters). */
export const gateScreenOptions = (dataset: DatasetRef, scope: EventScope) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'gate', 'screen', scope),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => loadGateScreen(engine, scope), READS_DERIVED_TABLES),
    enabled: dataset.engine !== null,
    placeholderData: sameDatasetPlaceholder(dataset),
  });
