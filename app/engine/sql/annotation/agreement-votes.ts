import { LABEL_KINDS, type LabelKind } from '../../../schema/given-label';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';
import type { AdjudicatedItem, AgreementVote } from '../../../model/annotation/agreement';
import { specOf } from '../core/row-spec';
import { labelVotesSql } from './label-votes';

const votesOf = (kinds: readonly LabelKind[], where = 'TRUE') => rawSql(kinds.map((kind) => labelVotesSql(kind, where)).join('\nUNION ALL\n'));

/**
 * The votes agreement is measured on (docs/metrics.md, "Annotation agreement"), as
 * model/annotation/agreement.ts reads them: (kind, item, annotator, value) for the labels that
 * name an annotator and are not adjudicated, each annotator's latest label per item (label
 * order: labels.ts). An adjudicated label is no vote: it settles the disagreement. `page`: the
 * `rows` votes after the first `after` (the order is total: one vote per kind, item, annotator).
 * `where` counts only some labels (SQL over the `labels` view's columns).
 */
export function agreementVotesQuery(kinds: readonly LabelKind[] = LABEL_KINDS, page: { rows: number; after: number } | null = null, where = 'TRUE'): SqlQuery {
  return sql`
WITH votes AS (${votesOf(kinds, where)})
SELECT kind, item, annotator, value FROM votes
WHERE annotator IS NOT NULL AND NOT adjudicated
QUALIFY row_number() OVER (PARTITION BY kind, item, annotator ORDER BY label_order DESC) = 1
ORDER BY kind, item, annotator${rawSql(page ? ` LIMIT ${Math.trunc(page.rows)} OFFSET ${Math.trunc(page.after)}` : '')}`;
}

/**
 * The items with at least one adjudicated label (annotator or not), with the resolved value: the
 * latest adjudicated label's, as labels.ts resolves it.
 */
export function adjudicatedItemsQuery(kinds: readonly LabelKind[] = LABEL_KINDS): SqlQuery {
  return sql`
WITH votes AS (${votesOf(kinds)})
SELECT kind, item, value FROM votes
WHERE adjudicated
QUALIFY row_number() OVER (PARTITION BY kind, item ORDER BY label_order DESC) = 1
ORDER BY kind, item`;
}

export const AGREEMENT_VOTE_ROW = specOf<AgreementVote>()({ kind: 'string', item: 'string', annotator: 'string', value: 'string' });

export const ADJUDICATED_ITEM_ROW = specOf<AdjudicatedItem>()({ kind: 'string', item: 'string', value: 'string|null' });
