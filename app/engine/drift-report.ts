import { analyzeDrift, type DriftAnalysis } from '../model/drift/analyze';
import { driftReportOf } from '../model/drift/report';
import type { DriftInputs } from '../model/drift/rows';
import type { Engine } from './engine';
import { DUCKDB, type SqlDialect } from './sql/dialect';
import { run } from './sql/core/run';
import { DRIFT_PASSAGES_SQL, GOLD_RETURN_ROW, goldReturnsSql, PASSAGE_ROW } from './sql/drift/gold-returns';
import { QUESTION_DEFINITION_ROW, QUESTION_DEFINITIONS_SQL, QUESTION_RESPONSE_ROW, QUESTION_RESPONSES_SQL, QUESTION_RUN_ROW, questionRunsSql } from './sql/drift/question-runs';
import { QUESTION_RETRIEVAL_ROW, questionRetrievalsSql, SUBQUESTION_STATE_ROW, SUBQUESTION_STATES_SQL } from './sql/drift/subquestion-states';

/** The small SQL results the drift rules read. */
export async function loadDriftInputs(engine: Engine, dialect: SqlDialect = DUCKDB): Promise<DriftInputs> {
  return {
    questions: await run(engine, QUESTION_DEFINITIONS_SQL, QUESTION_DEFINITION_ROW),
    runs: await run(engine, questionRunsSql(dialect), QUESTION_RUN_ROW),
    states: await run(engine, SUBQUESTION_STATES_SQL, SUBQUESTION_STATE_ROW),
    retrievals: await run(engine, questionRetrievalsSql(dialect), QUESTION_RETRIEVAL_ROW),
    responses: await run(engine, QUESTION_RESPONSES_SQL, QUESTION_RESPONSE_ROW),
    goldReturns: await run(engine, goldReturnsSql(dialect), GOLD_RETURN_ROW),
  };
}

/** Every question-run with the rules of docs/metrics.md "Search drift" applied: what the Questions screen shows. */
export async function computeDriftAnalysis(engine: Engine, dialect: SqlDialect = DUCKDB): Promise<DriftAnalysis> {
  return analyzeDrift(await loadDriftInputs(engine, dialect));
}

/** The report's `drift` counts and drift flags, from the same analysis the screen shows. */
export async function computeDriftReport(engine: Engine, dialect: SqlDialect = DUCKDB) {
  return driftReportOf(await computeDriftAnalysis(engine, dialect));
}

/** Catalog titles and text of gold and evidence passages, for the evidence lists. */
export const loadDriftPassages = (engine: Engine) => run(engine, DRIFT_PASSAGES_SQL, PASSAGE_ROW);
