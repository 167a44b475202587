import { AgreementTally, type AdjudicatedItem, type AgreementReport, type AgreementVote } from '../model/annotation/agreement';
import { shapeReviewReport, type ReviewReport } from '../model/annotation/review-report';
import type { LabelKind } from '../schema/given-label';
import type { Engine } from './engine';
import { DUCKDB, type SqlDialect } from './sql/dialect';
import { ANY_SCOPE } from '../model/event-scope';
import { ADJUDICATED_ITEM_ROW, adjudicatedItemsQuery, AGREEMENT_VOTE_ROW, agreementVotesQuery } from './sql/annotation/agreement-votes';
import { REVIEW_VERDICT_ROW, reviewVerdictsQuery } from './sql/annotation/review-report';
import { run } from './sql/core/run';

/**
 * The annotation sections of the report (docs/metrics.md, "Annotation agreement"): `agreement` and
 * `review`. They read the `labels` and `responses` views only (no derived tables, no settings:
 * every loaded label and response counts), so a screen can run them in any coordinator read:
 * `coordinator.read(({ engine }) => agreementIn(engine))`.
 */
/** The votes and adjudicated items behind `agreement`: what the agreement screen's confusion matrices and disagreement list read. */
export interface AgreementVotes {
  votes: AgreementVote[];
  adjudicated: AdjudicatedItem[];
}

export async function agreementVotesIn(engine: Engine, kinds?: readonly LabelKind[]): Promise<AgreementVotes> {
  const votes = await run(engine, agreementVotesQuery(kinds), AGREEMENT_VOTE_ROW);
  const adjudicated = await run(engine, adjudicatedItemsQuery(kinds), ADJUDICATED_ITEM_ROW);
  return { votes, adjudicated };
}

/** Votes read at a time for the report: 100M events carry about 12M, too many to hold as rows at once. */
export const AGREEMENT_PAGE_ROWS = 250_000;

/** The report's `agreement` key. Its SQL is written alike for DuckDB and ClickHouse (clickhouse/README.md): it takes no dialect. */
export async function agreementIn(engine: Engine, pageRows = AGREEMENT_PAGE_ROWS): Promise<AgreementReport> {
  const tally = new AgreementTally(await run(engine, adjudicatedItemsQuery(), ADJUDICATED_ITEM_ROW));
  for (let after = 0; ; after += pageRows) {
    const page = await run(engine, agreementVotesQuery(undefined, { rows: pageRows, after }), AGREEMENT_VOTE_ROW);
    for (const vote of page) tally.add(vote);
    if (page.length < pageRows) break;
  }
  return tally.report();
}

/** The report's `review` key. */
export async function reviewReportIn(engine: Engine, dialect: SqlDialect = DUCKDB): Promise<ReviewReport> {
  return shapeReviewReport(await run(engine, reviewVerdictsQuery(ANY_SCOPE, dialect), REVIEW_VERDICT_ROW));
}
