import { AgreementTally, type AdjudicatedItem, type AgreementReport, type AgreementVote } from '../model/annotation/agreement';
import { shapeReviewReport, type ReviewReport, type ReviewVerdictRow } from '../model/annotation/review-report';
import type { LabelKind } from '../schema/given-label';
import type { Engine } from './engine';
import { DUCKDB, type SqlDialect } from './sql/dialect';
import { ANY_SCOPE } from './sql/event-scope';
import { adjudicatedItemsQuery, agreementVotesQuery } from './sql/annotation/agreement-votes';
import { reviewVerdictsQuery } from './sql/annotation/review-report';
import type { SqlQuery } from './sql/core/sql-query';

/**
 * The annotation sections of the report (docs/metrics.md, "Annotation agreement"): `agreement` and
 * `review`. They read the `labels` and `responses` views only (no derived tables, no settings:
 * every loaded label and response counts), so a screen can run them in any coordinator read:
 * `coordinator.read(key, ({ engine }) => agreementIn(engine))`.
 */
const run = <Row>(engine: Engine, query: SqlQuery) => engine.query<Row>(query.sql, query.params);

/** The votes and adjudicated items behind `agreement`: what the agreement screen's confusion matrices and disagreement list read. */
export interface AgreementVotes {
  votes: AgreementVote[];
  adjudicated: AdjudicatedItem[];
}

export async function agreementVotesIn(engine: Engine, kinds?: readonly LabelKind[]): Promise<AgreementVotes> {
  const votes = await run<AgreementVote>(engine, agreementVotesQuery(kinds));
  const adjudicated = await run<AdjudicatedItem>(engine, adjudicatedItemsQuery(kinds));
  return { votes, adjudicated };
}

/** Votes read at a time for the report: 100M events carry about 12M, too many to hold as rows at once. */
export const AGREEMENT_PAGE_ROWS = 250_000;

/** The report's `agreement` key. Its SQL is written alike for DuckDB and ClickHouse (clickhouse/README.md): it takes no dialect. */
export async function agreementIn(engine: Engine, pageRows = AGREEMENT_PAGE_ROWS): Promise<AgreementReport> {
  const tally = new AgreementTally(await run<AdjudicatedItem>(engine, adjudicatedItemsQuery()));
  for (let after = 0; ; after += pageRows) {
    const page = await run<AgreementVote>(engine, agreementVotesQuery(undefined, { rows: pageRows, after }));
    for (const vote of page) tally.add(vote);
    if (page.length < pageRows) break;
  }
  return tally.report();
}

/** The report's `review` key. */
export async function reviewReportIn(engine: Engine, dialect: SqlDialect = DUCKDB): Promise<ReviewReport> {
  return shapeReviewReport(await run<ReviewVerdictRow>(engine, reviewVerdictsQuery(ANY_SCOPE, dialect)));
}
