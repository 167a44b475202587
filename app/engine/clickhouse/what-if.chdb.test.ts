import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePipeline } from '../../model/what-if/pipeline';
import { CLICKHOUSE } from '../sql/dialect';
import { run } from '../sql/core/run';
import { rawSql, sql } from '../sql/core/sql-query';
import { whatIfListsQuery } from '../sql/what-if/pipelines';
import { whatIfStagesSelect } from '../sql/what-if/stages';
import { createChdbEngine } from './chdb-engine';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from './load-chdb';

/*
 * The pipelines of ../sql/what-if/pipelines.test.ts on ClickHouse (chdb): the same stage lists,
 * written as rows of the stage-lists table, give the same lists worked out by hand there.
 */
const STAGE_ROWS = [
  "('hybrid', 1, 'bm25', 'retriever', ['a', 'b', 'c'], [3, 2, 1])",
  "('hybrid', 2, 'vector', 'retriever', ['c', 'd', 'a'], [0.9, 0.5, 0.1])",
  "('hybrid', 3, 'rerank', 'rerank', ['c', 'a'], [0.8, 0.2])",
  "('one-stage', 1, 'dense', 'retriever', ['x', 'y', 'x', 'z'], [])",
  "('equal', 1, 'bm25', 'retriever', ['p', 'q'], [5, 5])",
  "('equal', 2, 'vector', 'retriever', ['q', 's'], [2, 1])",
  "('rerank-first', 1, 'rerank', 'rerank', ['m', 'n'], [])",
].join(', ');
const RETURNED = "('hybrid', ['c', 'a']), ('one-stage', ['y', 'x']), ('equal', ['q', 'p', 's']), ('rerank-first', ['m', 'n']), ('plain', ['a'])";

let engine: Awaited<ReturnType<typeof createChdbEngine>>;
beforeAll(async () => {
  if (!CHDB_TESTS_ENABLED) return;
  engine = await createChdbEngine({ install: true });
  await engine.exec('CREATE TABLE stage_lists (retrieval_id String, stage_index Int32, stage_name String, stage_kind String, logged_ids Array(String), logged_scores Array(Float64)) ENGINE = MergeTree ORDER BY retrieval_id');
  await engine.exec(`INSERT INTO stage_lists VALUES ${STAGE_ROWS}`);
  await engine.exec('CREATE TABLE retrievals (retrieval_id String, returned_asset_ids Array(String)) ENGINE = MergeTree ORDER BY retrieval_id');
  await engine.exec(`INSERT INTO retrievals VALUES ${RETURNED}`);
}, 300_000);
afterAll(() => engine?.close());

async function listsOf(text: string): Promise<Record<string, string[]>> {
  const parsed = parsePipeline(text);
  if (!parsed.ok) throw new Error(parsed.error);
  const lists = whatIfListsQuery(parsed.pipeline, 'what_if_stages', CLICKHOUSE);
  const query = sql`WITH what_if_stages AS (${rawSql(whatIfStagesSelect('stage_lists', CLICKHOUSE))}) SELECT retrieval_id, asset_ids FROM (${lists}) ORDER BY retrieval_id`;
  const rows = await run(engine, query, { retrieval_id: 'string', asset_ids: 'string[]' });
  return Object.fromEntries(rows.map((row) => [row.retrieval_id, row.asset_ids]));
}

describe.skipIf(!CHDB_TESTS_ENABLED)(`what-if pipelines on ClickHouse${CHDB_TESTS_ENABLED ? '' : ` (${CHDB_SKIP_MESSAGE})`}`, () => {
  it('give the lists worked by hand in the DuckDB test', async () => {
    expect(await listsOf('stage:bm25')).toEqual({ equal: ['p', 'q'], hybrid: ['a', 'b', 'c'] });
    expect(await listsOf('stage:dense')).toEqual({ 'one-stage': ['x', 'y', 'z'] });
    expect(await listsOf('rrf:60')).toEqual({ equal: ['q', 'p', 's'], hybrid: ['a', 'c', 'b', 'd'], 'one-stage': ['x', 'y', 'z'] });
    expect(await listsOf('weighted:0.7')).toEqual({ equal: ['q', 'p', 's'], hybrid: ['a', 'b', 'c', 'd'] });
    expect(await listsOf('weighted:0.5')).toEqual({ equal: ['q', 'p', 's'], hybrid: ['a', 'c', 'b', 'd'] });
    expect(await listsOf('weighted:0.3')).toEqual({ equal: ['q', 'p', 's'], hybrid: ['c', 'd', 'a', 'b'] });
    expect(await listsOf('norerank')).toEqual({ equal: ['q', 'p', 's'], hybrid: ['c', 'd', 'a'], 'one-stage': ['y', 'x'] });
    expect(await listsOf('cut:1')).toEqual({ equal: ['q'], hybrid: ['c'], 'one-stage': ['y'], 'rerank-first': ['m'] });
  });
});
