import { analyzeDrift, type DriftAnalysis } from '../model/drift/analyze';
import { driftReportOf } from '../model/drift/report';
import type { DriftInputs, GoldReturnRow, PassageRow, QuestionDefinitionRow, QuestionResponseRow, QuestionRetrievalRow, QuestionRunRow, SubquestionStateRow } from '../model/drift/rows';
import type { Engine } from './engine';
import { DUCKDB, type SqlDialect } from './sql/dialect';
import { DRIFT_PASSAGES_SQL, goldReturnsSql } from './sql/drift/gold-returns';
import { QUESTION_DEFINITIONS_SQL, QUESTION_RESPONSES_SQL, questionRunsSql } from './sql/drift/question-runs';
import { questionRetrievalsSql, SUBQUESTION_STATES_SQL } from './sql/drift/subquestion-states';

/** The small SQL results the drift rules read. */
export async function loadDriftInputs(engine: Engine, dialect: SqlDialect = DUCKDB): Promise<DriftInputs> {
  return {
    questions: await engine.query<QuestionDefinitionRow>(QUESTION_DEFINITIONS_SQL),
    runs: await engine.query<QuestionRunRow>(questionRunsSql(dialect)),
    states: await engine.query<SubquestionStateRow>(SUBQUESTION_STATES_SQL),
    retrievals: await engine.query<QuestionRetrievalRow>(questionRetrievalsSql(dialect)),
    responses: await engine.query<QuestionResponseRow>(QUESTION_RESPONSES_SQL),
    goldReturns: await engine.query<GoldReturnRow>(goldReturnsSql(dialect)),
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
export const loadDriftPassages = (engine: Engine) => engine.query<PassageRow>(DRIFT_PASSAGES_SQL);
