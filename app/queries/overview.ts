import { queryOptions } from '@tanstack/react-query';
import { COUNTS_BY_TYPE_SQL, FILES_SQL, USER_ACTIONS_SQL, type FileRow, type TypeCountRow } from '../engine/sql/overview';
import { SPANS_BY_FILE_AND_KIND_SQL } from '../engine/sql/spans';
import type { SpanKindCount } from '../model/session/unmapped-spans';
import { datasetKey, type DatasetRef } from './dataset-key';
import { coordinatedQueryFn } from './coordinated-query';

/** A loaded file with its unmapped OpenTelemetry spans per kind. */
export type FileWithSpans = FileRow & { spanKinds: SpanKindCount[] };

export const filesOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'files'),
    queryFn: coordinatedQueryFn(dataset, async ({ engine }): Promise<FileWithSpans[]> => {
      const files = await engine.query<FileRow>(FILES_SQL);
      const spans = await engine.query<SpanKindCount & { file_id: number }>(SPANS_BY_FILE_AND_KIND_SQL);
      return files.map((file) => ({ ...file, spanKinds: spans.filter((row) => row.file_id === file.file_id) }));
    }),
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

