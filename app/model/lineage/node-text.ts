import type { LineageActionRow, LineageRetrievalRow } from './rows';

/** "09-03 14:02" (UTC): enough on a node; the full time is in its raw event. */
export const shortTime = (ts: number | null) => (ts == null ? 'no time' : new Date(ts).toISOString().slice(5, 16).replace('T', ' '));

const ORF_SIGNAL_LABELS: Record<string, string> = {
  complaint: 'complaint',
  down_feedback: 'down-vote',
  re_search: 're-searched',
  agent_bypass: 'agent bypass',
};

/** The ORF signals that fired for a retrieval (metrics.md Tier 2), as short labels. */
export function orfSignalLabels(row: Pick<LineageRetrievalRow, 'orf_signals'>): string[] {
  if (!row.orf_signals || row.orf_signals === 'none') return [];
  return row.orf_signals.split(',').map((signal) => ORF_SIGNAL_LABELS[signal] ?? signal);
}

/** 'consumed' or 'silent' when the retrieval is a masked retrieval failure (metrics.md), else null. */
export function maskedKind(row: Pick<LineageRetrievalRow, 'matrix_cell'>): 'consumed' | 'silent' | null {
  if (row.matrix_cell === 'masked_consumed') return 'consumed';
  if (row.matrix_cell === 'masked_silent') return 'silent';
  return null;
}

export function resultCount(returned: readonly string[] | null, distinct: number): string {
  if (!returned) return 'no result list';
  if (returned.length === 0) return 'empty result';
  return `${distinct} result${distinct === 1 ? '' : 's'}`;
}

const NEGATIVE_ACTIONS: Record<string, string> = { complain: 'complained', reject: 'rejected' };

/** How an asset was acted on, for "used #4 of 20": negative only when every action was a complaint or reject. */
export function usage(actions: readonly LineageActionRow[]): string | null {
  if (actions.length === 0) return null;
  const positive = actions.find((action) => !(action.action in NEGATIVE_ACTIONS));
  return positive ? 'used' : NEGATIVE_ACTIONS[actions[0].action];
}

export const isNegativeAction = (action: LineageActionRow) => action.actor === 'user' && action.action in NEGATIVE_ACTIONS;

/** An agent `use`/`place` with no source at all, given or inherited: ORF 3 when a retrieval of its request did not return the asset. */
export const isSourceless = (action: LineageActionRow) =>
  action.actor === 'agent' && (action.action === 'use' || action.action === 'place') && action.consumed_asset_id !== null && action.effective_source_retrieval_id === null;
