import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/engine';
import { createNativeEngine } from '../engine/native-engine';
import { run } from '../engine/sql/core/run';
import { AGGREGATE_COLUMNS, RETRIEVAL_AGGREGATES } from '../engine/sql/metrics/tier1-tier2';

// Three row groups (122,880 rows each) of facts, so that several threads each add up a part.
const ROWS = 300_000;
const FACTS = `SELECT i AS seq, NULL::VARCHAR AS role, false AS is_empty, false AS failed, true AS judged, (i % 2)::DOUBLE AS p_at_1,
  ((i * 7919) % 10007) / 10007 AS p_at_k, ((i * 104729) % 99991) / 99991 AS recall_at_k,
  1 / log2(2 + i % 37) AS ndcg_at_k, 1 / (1 + i % 11) AS rr, ((i * 31) % 97) / 97 AS judged_at_k,
  (i % 2)::DOUBLE AS p_at_1_high, ((i * 7919) % 10007) / 10007 AS p_at_k_high, 1 / log2(2 + i % 29) AS ndcg_at_k_high,
  1 / (1 + i % 7) AS rr_high, false AS gpr, false AS acr, false AS orf
  FROM range(${ROWS}) t(i)`;

const SUM_COLUMNS = ['sum_p_at_1', 'sum_p_at_k', 'sum_recall_at_k', 'sum_ndcg_at_k', 'sum_rr', 'sum_judged_at_k', 'sum_p_at_1_high', 'sum_p_at_k_high', 'sum_ndcg_at_k_high', 'sum_rr_high'] as const;
const PLAIN_SUMS = { p_at_k: 'number', recall_at_k: 'number', ndcg_at_k: 'number', rr: 'number' } as const;

let engines: { one: Engine; four: Engine };
beforeAll(async () => {
  engines = { one: await createNativeEngine({ threads: 1 }), four: await createNativeEngine({ threads: 4 }) };
  for (const engine of Object.values(engines)) {
    await engine.exec(`CREATE TABLE ascending AS ${FACTS} ORDER BY seq; CREATE TABLE descending AS ${FACTS} ORDER BY seq DESC`);
  }
}, 60_000);
afterAll(async () => {
  await engines?.one.close();
  await engines?.four.close();
});

const aggregates = async (engine: Engine, table: string) => (await run(engine, `SELECT ${RETRIEVAL_AGGREGATES.sql} FROM ${table}`, AGGREGATE_COLUMNS))[0];
const plainSums = async (engine: Engine, table: string) =>
  (await run(engine, `SELECT sum(p_at_k) AS p_at_k, sum(recall_at_k) AS recall_at_k, sum(ndcg_at_k) AS ndcg_at_k, sum(rr) AS rr FROM ${table}`, PLAIN_SUMS))[0];

describe('the Tier 1 sums of doubles', () => {
  it('would depend on the order of the rows if added up as doubles (so the test below can fail)', async () => {
    const [ascending, descending] = [await plainSums(engines.one, 'ascending'), await plainSums(engines.one, 'descending')];
    expect(descending).not.toEqual(ascending);
  });

  it('are the same to the last digit in any row order and on any number of threads', async () => {
    const reference = await aggregates(engines.one, 'ascending');
    expect(reference.judged).toBe(ROWS);
    expect(reference.sum_p_at_1).toBe(ROWS / 2);
    expect(reference.sum_rr).toBeCloseTo(Array.from({ length: ROWS }, (_, i) => 1 / (1 + (i % 11))).reduce((a, b) => a + b, 0), 6);
    for (const [engine, table] of [[engines.one, 'descending'], [engines.four, 'ascending'], [engines.four, 'descending']] as const) {
      const sums = await aggregates(engine, table);
      expect(Object.fromEntries(SUM_COLUMNS.map((column) => [column, sums[column]]))).toEqual(Object.fromEntries(SUM_COLUMNS.map((column) => [column, reference[column]])));
    }
  });
});
