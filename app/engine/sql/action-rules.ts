import { ACTION_RULES, type ActionRuleName } from '../../model/metrics/action-rules';
import { literal } from './core/quote';

/**
 * The condition of one of ACTION_RULES (`actor = 'user' AND action IN ('export', …)`) over the
 * `actor` and `action` columns of `alias`, or of the row in scope when there is no alias.
 */
export function actionRuleSql(name: ActionRuleName, alias?: string): string {
  const { actor, actions } = ACTION_RULES[name];
  const column = (field: string) => (alias ? `${alias}.${field}` : field);
  return `(${column('actor')} = ${literal(actor)} AND ${column('action')} IN (${actions.map(literal).join(', ')}))`;
}
