import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './core/run';
import { ACTION_RULES, matchesActionRule, type ActionRuleName } from '../../model/metrics/action-rules';
import type { Engine } from '../engine';
import { createNodeEngine } from '../node-engine';
import { actionRuleSql } from './action-rules';

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine();
});
afterAll(() => engine.close());

/** Every action any rule names, and one none does, by each actor (and none). */
const ACTIONS = [...new Set(Object.values(ACTION_RULES).flatMap((rule) => rule.actions)), 'select', "it's"];
const ROWS = [null, 'user', 'agent'].flatMap((actor) => ACTIONS.map((action) => ({ actor, action })));

describe('action rules: the SQL condition and the TypeScript predicate agree', () => {
  it.each(Object.keys(ACTION_RULES) as ActionRuleName[])('%s', async (name) => {
    const values = ROWS.map(() => '(?::VARCHAR, ?::VARCHAR)').join(', ');
    const rows = await run(engine, {
      sql: `SELECT actor, action, coalesce(${actionRuleSql(name, 'given')}, false) AS matches FROM (VALUES ${values}) given(actor, action)`,
      params: ROWS.flatMap((row) => [row.actor, row.action]),
    }, { actor: 'string|null', action: 'string', matches: 'boolean' });
    expect(rows.filter((row) => row.matches).map((row) => `${row.actor} ${row.action}`))
      .toEqual(ROWS.filter((row) => matchesActionRule(name, row.actor, row.action)).map((row) => `${row.actor} ${row.action}`));
    expect(rows.filter((row) => row.matches)).toHaveLength(ACTION_RULES[name].actions.length);
  });
});
