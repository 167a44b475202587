import { queryOptions } from '@tanstack/react-query';
import { agreementVotesIn, type AgreementVotes } from '../engine/annotation-report';
import { ANNOTATOR_LABEL_COUNT_ROW, annotatorLabelCountsQuery, type AnnotatorLabelCountRow } from '../engine/sql/annotation/annotator-label-counts';
import { run } from '../engine/sql/core/run';
import { loadAgreementItem } from '../engine/sql/annotation/agreement-item';
import { JUDGE_DISAGREEMENT_ROW, judgeDisagreementsQuery } from '../engine/sql/annotation/judge-agreement';
import { judgeAgreementsIn } from '../engine/judges/judges-report';
import { agreementReport, type AgreementReport } from '../model/annotation/agreement';
import { parseItemKey } from '../model/annotation/item-key';
import type { LabelKind } from '../schema/given-label';
import { coordinatedQueryFn } from './coordinated-query';
import { datasetKey, type DatasetRef } from './dataset-key';

export interface AgreementData extends AgreementVotes {
  /** The report's `agreement` section (docs/metrics.md), computed from the same votes. */
  report: AgreementReport;
  /** Every annotator's labels given and items labeled per kind (annotator-label-counts.ts: the count every screen shows). */
  labelCounts: AnnotatorLabelCountRow[];
}

/**
 * Keeps the last result of the same target on screen while it re-runs: an adjudication given
 * here bumps the dataset version, and the list and the open item should not blank out (or jump)
 * meanwhile. Held across versions, like the annotate queues: the new result replaces it within
 * the moment.
 */
const sameTarget = (...parts: unknown[]) =>
  <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }) =>
    previousQuery && parts.every((part, i) => previousQuery.queryKey[2 + i] === part) ? previous : undefined;

/** Every kind's agreement votes, adjudicated items, report and label counts (the labels and responses views only: no derived tables). */
export const agreementOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'agreement', 'votes'),
    queryFn: coordinatedQueryFn(dataset, async ({ engine }): Promise<AgreementData> => {
      const { votes, adjudicated } = await agreementVotesIn(engine);
      const labelCounts = await run(engine, annotatorLabelCountsQuery(), ANNOTATOR_LABEL_COUNT_ROW);
      return { votes, adjudicated, report: agreementReport(votes, adjudicated), labelCounts };
    }),
    enabled: dataset.engine !== null,
    placeholderData: sameTarget('agreement', 'votes'),
  });

/** One agreement item (an item key of item-key.ts) with its context and every label on it; null for a malformed key; asks nothing for none. */
export const agreementItemOptions = (dataset: DatasetRef, kind: LabelKind, key: string | null) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'agreement', 'item', kind, key),
    queryFn: coordinatedQueryFn(dataset, async ({ engine }) => {
      const item = key === null ? null : parseItemKey(kind, key);
      return item ? loadAgreementItem(engine, item) : null;
    }),
    enabled: dataset.engine !== null && key !== null,
    placeholderData: sameTarget('agreement', 'item', kind, key),
  });

/** Every non-human annotator against the human consensus, per label kind and retrieval role (the labels view only). */
export const judgesOptions = (dataset: DatasetRef) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'agreement', 'judges'),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => judgeAgreementsIn(engine)),
    enabled: dataset.engine !== null,
    placeholderData: sameTarget('agreement', 'judges'),
  });

/** The items of one kind where a judge's value differs from the human consensus; asks nothing without a judge. */
export const judgeDisagreementsOptions = (dataset: DatasetRef, kind: LabelKind, judge: string | null) =>
  queryOptions({
    queryKey: datasetKey(dataset, 'agreement', 'judge-disagreements', kind, judge),
    queryFn: coordinatedQueryFn(dataset, ({ engine }) => run(engine, judgeDisagreementsQuery(kind, judge ?? ''), JUDGE_DISAGREEMENT_ROW)),
    enabled: dataset.engine !== null && judge !== null,
    placeholderData: sameTarget('agreement', 'judge-disagreements', kind, judge),
  });
