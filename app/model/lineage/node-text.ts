import { ACTION_RULES, matchesActionRule } from '../metrics/action-rules';
import type { RankedList } from './ranks';
import type { LineageActionRow, LineageRetrievalRow } from './rows';

/** "09-03 14:02" (UTC): enough on a node; the full time is in its raw event. */
export const shortTime = (ts: number | null) => (ts == null ? 'no time' : new Date(ts).toISOString().slice(5, 16).replace('T', ' '));

const ORF_SIGNAL_LABELS: Record<string, string> = {
  complaint: 'complaint',
  down_feedback: 'down-vote',
  re_search: 're-searched',
  agent_bypass: 'agent bypass',
};

/** The ORF signals that fired for a retrieval (docs/metrics.md Tier 2), as short labels. */
export function orfSignalLabels(row: Pick<LineageRetrievalRow, 'orf_signals'>): string[] {
  if (!row.orf_signals || row.orf_signals === 'none') return [];
  return row.orf_signals.split(',').map((signal) => ORF_SIGNAL_LABELS[signal] ?? signal);
}

/** 'consumed' or 'silent' when the retrieval is a masked retrieval failure (docs/metrics.md), else null. */
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

type ComplaintAction = (typeof ACTION_RULES.complaint.actions)[number];
const COMPLAINED: Record<ComplaintAction, string> = { complain: 'complained', reject: 'rejected' };
const isComplaintAction = (action: string): action is ComplaintAction => (ACTION_RULES.complaint.actions as readonly string[]).includes(action);

/** How an asset was acted on, for "used #4 of 20": negative only when every action was a complaint or reject. */
export function usage(actions: readonly LineageActionRow[]): string | null {
  if (actions.length === 0) return null;
  const first = actions[0].action;
  if (!isComplaintAction(first) || actions.some((action) => !isComplaintAction(action.action))) return 'used';
  return COMPLAINED[first];
}

export const isNegativeAction = (action: LineageActionRow) => matchesActionRule('complaint', action.actor, action.action);

/** An agent `use`/`place` with no source at all, given or inherited: ORF 3 when a retrieval of its request did not return the asset. */
export const isSourceless = (action: LineageActionRow) =>
  matchesActionRule('agentUse', action.actor, action.action) && action.consumed_asset_id !== null && action.effective_source_retrieval_id === null;

/** ORF 3 (docs/metrics.md Tier 2): the retrievals of a sourceless action's request that did not return its asset. */
export function bypassedRetrievals(
  action: LineageActionRow, retrievals: Iterable<LineageRetrievalRow>, lists: ReadonlyMap<string, RankedList>,
): LineageRetrievalRow[] {
  if (!isSourceless(action) || action.request_id === null) return [];
  return [...retrievals].filter((row) => row.request_id === action.request_id && !lists.get(row.retrieval_id)?.ranks.has(action.consumed_asset_id!));
}
