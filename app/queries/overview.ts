import { queryOptions } from '@tanstack/react-query';
import { LABEL_COUNTS_SQL, type LabelCountRow } from '../engine/sql/annotation/label-counts';
import { COUNTS_BY_TYPE_SQL, FILES_SQL, USER_ACTIONS_SQL, type FileRow, type TypeCountRow } from '../engine/sql/overview';
import { datasetKey, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn } from './coordinated-query';

export const filesOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'files'),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => engine.query<FileRow>(FILES_SQL)),
    enabled: dataset.engine !== null,
  });

export const countsByTypeOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'counts-by-type'),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => engine.query<TypeCountRow>(COUNTS_BY_TYPE_SQL)),
    enabled: dataset.engine !== null,
  });

export const userActionsOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'user-actions'),
    queryFn:
      coordinatedQueryFn(dataset, async ({ engine }) => (await engine.query<{ action: string }>(USER_ACTIONS_SQL)).map((row) => row.action)),
    enabled: dataset.engine !== null,
  });

export const labelCountsOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'label-counts'),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => engine.query<LabelCountRow>(LABEL_COUNTS_SQL)),
    enabled: dataset.engine !== null,
  });
