import { describe, expect, it } from 'vitest';
import { toClickHouseParameters } from './query-parameters';

describe('toClickHouseParameters', () => {
  it('binds each ? in order with the type its value has', () => {
    expect(toClickHouseParameters('SELECT * FROM t WHERE a = ? AND b > ? AND c < ? AND d = ?', ['x', 3, 0.5, true])).toEqual({
      sql: 'SELECT * FROM t WHERE a = {p1:String} AND b > {p2:Int64} AND c < {p3:Float64} AND d = {p4:Bool}',
      params: { p1: 'x', p2: 3, p3: 0.5, p4: true },
    });
  });

  it('writes NULL inline and numbers past 2^53 as Float64', () => {
    expect(toClickHouseParameters('SELECT ?, ?', [null, 2 ** 60])).toEqual({ sql: 'SELECT NULL, {p2:Float64}', params: { p2: 2 ** 60 } });
  });

  it('reads $n as the nth value, repeated or out of order', () => {
    expect(toClickHouseParameters('SELECT $2, $1, $2', ['a', 'b'])).toEqual({ sql: 'SELECT {p2:String}, {p1:String}, {p2:String}', params: { p1: 'a', p2: 'b' } });
  });

  it('leaves ? alone inside quotes and comments', () => {
    const text = `SELECT '?', 'it''s ?', "col?", \`x?\`, 'a\\'?' -- what?\n/* ? */ , ?`;
    const { sql, params } = toClickHouseParameters(text, ['v']);
    expect(sql).toBe(`SELECT '?', 'it''s ?', "col?", \`x?\`, 'a\\'?' -- what?\n/* ? */ , {p1:String}`);
    expect(params).toEqual({ p1: 'v' });
  });

  it('refuses a placeholder without a value', () => {
    expect(() => toClickHouseParameters('SELECT ?, ?', ['a'])).toThrow(/placeholder 2 has no value/);
    expect(() => toClickHouseParameters('SELECT $3', ['a'])).toThrow(/placeholder 3/);
  });
});
