import { describe, expect, it } from 'vitest';
import { chooseDefaultPair, type PairCandidate } from './default-pair';

const pair = (column: PairCandidate['column'], shared: number, queries: number): PairCandidate => ({ column, a: `${column}-a`, b: `${column}-b`, shared, queries });

describe('the comparison a first start shows', () => {
  it('takes the candidate sharing the most judged queries', () => {
    expect(chooseDefaultPair([pair('retriever', 40, 300), pair('run_id', 30, 30)])?.column).toBe('retriever');
  });

  it('on a tie, takes the purer pair: the sample trial shares 100 queries by run (100 of 100) and by retriever (100 of 262)', () => {
    expect(chooseDefaultPair([pair('retriever', 100, 262), pair('run_id', 100, 100)])?.column).toBe('run_id');
  });

  it('on a full tie keeps the first candidate, and shows nothing without a shared query', () => {
    expect(chooseDefaultPair([pair('retriever', 5, 10), pair('run_id', 5, 10)])?.column).toBe('retriever');
    expect(chooseDefaultPair([pair('retriever', 0, 10)])).toBeNull();
    expect(chooseDefaultPair([])).toBeNull();
  });
});
