/** Two values of one column (`retriever` or `run_id`) that share judged query texts. */
export interface PairCandidate {
  column: 'retriever' | 'run_id';
  a: string;
  b: string;
  /** Judged query texts in both. */
  shared: number;
  /** Judged query texts of either. */
  queries: number;
}

const purity = (pair: PairCandidate) => pair.shared / pair.queries;

/**
 * The comparison a first start shows: the candidate sharing the most judged query texts; on a
 * tie the one whose queries are most often in both (neither slice then holds much besides the
 * compared queries); then the earlier candidate (retrievers are offered before runs).
 */
export function chooseDefaultPair(candidates: readonly PairCandidate[]): PairCandidate | null {
  let best: PairCandidate | null = null;
  for (const pair of candidates) {
    if (pair.shared <= 0) continue;
    if (!best || pair.shared > best.shared || (pair.shared === best.shared && purity(pair) > purity(best))) best = pair;
  }
  return best;
}
