/**
 * The kinds of action docs/metrics.md names, each an actor and a set of actions. The SQL reads them
 * through `engine/sql/action-rules.ts`, the lineage screens through `matchesActionRule`.
 */
export interface ActionRule {
  actor: 'user' | 'agent';
  actions: readonly string[];
}

export const ACTION_RULES = {
  /** Tier 3: the user reached the goal. */
  completion: { actor: 'user', actions: ['export', 'share', 'download'] },
  /** Tier 2, ORF 1: the user said the retrieved thing is wrong. */
  complaint: { actor: 'user', actions: ['complain', 'reject'] },
  /** Tier 2, ORF 3: the agent took an asset as input; a bypass when no retrieval supplied it. */
  agentUse: { actor: 'agent', actions: ['use', 'place'] },
  /** Tier 0 `downstream_edits`: the user corrected the answer but kept the asset (not ORF). */
  downstreamEdit: { actor: 'user', actions: ['edit', 'regenerate'] },
} as const satisfies Record<string, ActionRule>;

export type ActionRuleName = keyof typeof ACTION_RULES;

export const matchesActionRule = (name: ActionRuleName, actor: string | null, action: string | null): boolean => {
  const rule: ActionRule = ACTION_RULES[name];
  return actor === rule.actor && action !== null && rule.actions.includes(action);
};

export const isCompletion = (actor: string | null, action: string | null) => matchesActionRule('completion', actor, action);
