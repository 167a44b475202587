// How many rows each report query that is shaped in JavaScript brings back, over a native DuckDB database file left by a run.
import { DuckDBInstance } from '@duckdb/node-api';
import { agreementVotesQuery, adjudicatedItemsQuery } from '../app/engine/sql/annotation/agreement-votes';
import { calibrationCasesQuery } from '../app/engine/sql/gate/calibration';
import { gateDecisionsQuery } from '../app/engine/sql/metrics/sections';
import { QUESTION_DEFINITIONS_SQL, QUESTION_RESPONSES_SQL, questionRunsSql } from '../app/engine/sql/drift/question-runs';
import { DEFAULT_METRIC_SETTINGS } from '../app/model/metrics/settings';
import { reviewVerdictsQuery } from '../app/engine/sql/annotation/review-report';
import { ANY_SCOPE } from '../app/model/event-scope';

const instance = await DuckDBInstance.create(process.argv[2], { threads: '2', memory_limit: '8GB' });
const connection = await instance.connect();
const queries: [string, string, unknown[]][] = [
  ['agreement votes', agreementVotesQuery().sql, agreementVotesQuery().params as unknown[]],
  ['adjudicated', adjudicatedItemsQuery().sql, adjudicatedItemsQuery().params as unknown[]],
  ['calibration cases', calibrationCasesQuery().sql, calibrationCasesQuery().params as unknown[]],
  ['gate decisions', gateDecisionsQuery(DEFAULT_METRIC_SETTINGS).sql, gateDecisionsQuery(DEFAULT_METRIC_SETTINGS).params as unknown[]],
  ['review verdicts', reviewVerdictsQuery(ANY_SCOPE).sql, reviewVerdictsQuery(ANY_SCOPE).params as unknown[]],
  ['drift questions', QUESTION_DEFINITIONS_SQL, []],
  ['drift runs', questionRunsSql(), []],
  ['drift responses', QUESTION_RESPONSES_SQL, []],
];
for (const [name, text, params] of queries) {
  const started = Date.now();
  const reader = await connection.runAndReadAll(`SELECT count(*)::BIGINT AS n FROM (${text}) q`, params.length ? (params as never) : undefined);
  console.log(name, reader.getRowObjects()[0].n, `${Date.now() - started} ms`);
}
