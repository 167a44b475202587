/** What a pool task carries of its item (engine/sql/compare/pool.ts, PoolItemRow). */
export interface PoolTaskItem {
  query: string;
  asset_id: string;
  priority: number;
  rank_a: number | null;
  rank_b: number | null;
  title: string | null;
  text: string | null;
}

/**
 * The pool as label tasks, one JSON Lines record per item in pool order: a `relevance` label of
 * the item's query and asset (docs/log-format.md, `label`: a `query` label labels every retrieval with
 * that exact query) whose `grade` (and `annotator`) the labeler fills in; `task` holds what the
 * labeler reads and the app keeps as the label's extra fields. A task still without a grade is
 * rejected on load ('missing required field "grade"'), never taken as a label.
 */
export function poolLabelTasks(items: readonly PoolTaskItem[]): string {
  return items.map((item, i) => `${JSON.stringify({
    type: 'label',
    kind: 'relevance',
    query: item.query,
    asset_id: item.asset_id,
    grade: null,
    annotator: null,
    task: { pool_rank: i + 1, priority: item.priority, rank_a: item.rank_a, rank_b: item.rank_b, title: item.title, text: item.text },
  })}\n`).join('');
}
