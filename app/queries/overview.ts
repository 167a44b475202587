import { queryOptions } from '@tanstack/react-query';
import { run } from '../engine/sql/core/run';
import { COUNTS_BY_TYPE_SQL, FILE_ROW, FILES_SQL, TYPE_COUNT_ROW, USER_ACTION_ROW, USER_ACTIONS_SQL, type FileRow } from '../engine/sql/overview';
import { FILE_SPAN_KIND_COUNT_ROW, SPANS_BY_FILE_AND_KIND_SQL } from '../engine/sql/spans';
import type { SpanKindCount } from '../model/session/unmapped-spans';
import { datasetKey, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn } from './coordinated-query';

/** A loaded file with its unmapped OpenTelemetry spans per kind. */
export type FileWithSpans = FileRow & { spanKinds: SpanKindCount[] };

export const filesOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'files'),
    queryFn: coordinatedQueryFn(dataset, async ({ engine }): Promise<FileWithSpans[]> => {
      const files = await run(engine, FILES_SQL, FILE_ROW);
      const spans = await run(engine, SPANS_BY_FILE_AND_KIND_SQL, FILE_SPAN_KIND_COUNT_ROW);
      return files.map((file) => ({ ...file, spanKinds: spans.filter((row) => row.file_id === file.file_id) }));
    }),
    enabled: dataset.engine !== null,
  });

export const countsByTypeOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'counts-by-type'),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => run(engine, COUNTS_BY_TYPE_SQL, TYPE_COUNT_ROW)),
    enabled: dataset.engine !== null,
  });

export const userActionsOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'user-actions'),
    queryFn:
      coordinatedQueryFn(dataset, async ({ engine }) => (await run(engine, USER_ACTIONS_SQL, USER_ACTION_ROW)).map((row) => row.action)),
    enabled: dataset.engine !== null,
  });

