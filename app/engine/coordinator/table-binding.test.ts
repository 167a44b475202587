import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createNodeEngine } from '../node-engine';
import { recordStatements } from './statement-recorder';
import { bindQuery, bindTable, bindTableSql } from './table-binding';

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine();
  await engine.exec(`CREATE TABLE facts (n INTEGER); INSERT INTO facts VALUES (0);
    CREATE TEMP TABLE facts_k3 (n INTEGER); INSERT INTO facts_k3 VALUES (3), (3);`);
});
afterAll(() => engine.close());

describe('bindTable', () => {
  it.each([
    ['a SELECT', 'SELECT sum(n)::INTEGER AS total FROM facts'],
    ['a WITH', 'WITH doubled AS (SELECT n * 2 AS n FROM facts) SELECT (sum(n) / 2)::INTEGER AS total FROM doubled'],
    ['a WITH RECURSIVE', `
WITH RECURSIVE steps(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM steps WHERE i < 2)
SELECT (SELECT sum(n) FROM facts)::INTEGER AS total FROM steps WHERE i = 1`],
    ['a value bound to ?', 'SELECT sum(n)::INTEGER AS total FROM facts WHERE n > ?'],
  ])('%s reads the bound table under the settings-free name', async (_, sql) => {
    const params = sql.includes('?') ? [-1] : [];
    expect(await bindTable(engine, 'facts', 'facts_k3').query(sql, params)).toEqual([{ total: 6 }]);
    expect(await engine.query(sql, params)).toEqual([{ total: 0 }]);
  });

  it('adds one leading CTE and leaves the statement otherwise as written', () => {
    expect(bindTableSql('SELECT * FROM facts', 'facts', 'facts_k3')).toBe('WITH "facts" AS NOT MATERIALIZED (FROM "facts_k3")\nSELECT * FROM facts');
    expect(bindTableSql('\nWITH a AS (SELECT 1) SELECT * FROM a', 'facts', 'facts_k3')).toBe('\nWITH "facts" AS NOT MATERIALIZED (FROM "facts_k3"), a AS (SELECT 1) SELECT * FROM a');
  });
});

describe('bindQuery', () => {
  // the bound query's value (n > 2) comes before the statement's (n < ?)
  const bound = () => bindQuery(engine, 'facts', { sql: 'SELECT n FROM facts_k3 WHERE n > ? UNION ALL SELECT 7', params: [2] });

  it('a statement naming the alias reads the query under it, the query\'s values before its own', async () => {
    expect(await bound().query('SELECT sum(n)::INTEGER AS total FROM facts WHERE n < ?', [10])).toEqual([{ total: 13 }]);
    expect(await bound().query('WITH f AS (SELECT n FROM facts) SELECT count(*)::INTEGER AS total FROM f', [])).toEqual([{ total: 3 }]);
  });

  it('a statement that does not name it runs as written', async () => {
    const { engine: recorded, ran } = recordStatements(engine);
    const sql = 'SELECT count(*)::INTEGER AS total FROM facts_k3 WHERE n = ?';
    expect(await bindQuery(recorded, 'facts', { sql: 'SELECT 1 AS n', params: [] }).query(sql, [3])).toEqual([{ total: 2 }]);
    expect(ran).toEqual([sql]);
  });
});
