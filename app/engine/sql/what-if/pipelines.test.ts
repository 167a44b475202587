import { describe, expect, it } from 'vitest';
import { parsePipeline } from '../../../model/what-if/pipeline';
import { readOnce } from '../../coordinator/query-coordinator';
import { whatIfListsIn } from '../../what-if-report';
import { makeRetrieval, type TestEvent } from '../metrics/fixtures';
import { loadedTestEngine } from '../metrics/loaded-test-engine';

const retriever = (name: string, assetIds: string[], scores?: number[]) => ({ name, kind: 'retriever', asset_ids: assetIds, ...(scores ? { scores } : {}) });

const DATASET: TestEvent[] = [
  // hybrid: two retrievers that disagree, then a reranker; b is absent from vector, d from bm25
  makeRetrieval('hybrid', {
    returned_asset_ids: ['c', 'a'],
    stages: [retriever('bm25', ['a', 'b', 'c'], [3, 2, 1]), retriever('vector', ['c', 'd', 'a'], [0.9, 0.5, 0.1]), { name: 'rerank', kind: 'rerank', asset_ids: ['c', 'a'], scores: [0.8, 0.2] }],
  }),
  // one retriever stage without scores, with a repeat; no rerank stage
  makeRetrieval('one-stage', { returned_asset_ids: ['y', 'x'], stages: [retriever('dense', ['x', 'y', 'x', 'z'])] }),
  // equal scores: every bm25 score is 5 (each normalizes to 1)
  makeRetrieval('equal', { returned_asset_ids: ['q', 'p', 's'], stages: [retriever('bm25', ['p', 'q'], [5, 5]), retriever('vector', ['q', 's'], [2, 1])] }),
  // the rerank stage comes first: nothing before it
  makeRetrieval('rerank-first', { returned_asset_ids: ['m', 'n'], stages: [{ name: 'rerank', kind: 'rerank', asset_ids: ['m', 'n'] }] }),
  // no stages: in no what-if
  makeRetrieval('plain', { returned_asset_ids: ['a'] }),
];

const engine = loadedTestEngine(DATASET);

async function listsOf(text: string): Promise<Record<string, string[]>> {
  const parsed = parsePipeline(text);
  if (!parsed.ok) throw new Error(parsed.error);
  const rows = await readOnce(engine, (job) => whatIfListsIn(job, parsed.pipeline));
  return Object.fromEntries(rows.map((row) => [row.retrieval_id, row.asset_ids]));
}

describe('what-if pipelines over the logged stages, against lists worked by hand', () => {
  it('stage:<name> is that stage as logged, a repeat at its first position only', async () => {
    expect(await listsOf('stage:bm25')).toEqual({ hybrid: ['a', 'b', 'c'], equal: ['p', 'q'] });
    expect(await listsOf('stage:dense')).toEqual({ 'one-stage': ['x', 'y', 'z'] });
    expect(await listsOf('stage:rerank')).toEqual({ hybrid: ['c', 'a'], 'rerank-first': ['m', 'n'] });
  });

  it('rrf:<k> sums 1 / (k + rank) over the retriever stages; ties go to the best rank, then the asset id', async () => {
    // hybrid, k = 60: a = 1/61 + 1/63 = c = 1/63 + 1/61 (0.032266), both best at rank 1 → a before c;
    // b = 1/62 = d = 1/62 (0.016129), both best at rank 2 → b before d. The rerank stage is not fused.
    // one-stage: x = 1/61, y = 1/62, z = 1/63 (the repeated x ranks 1 only).
    // equal: q = 1/62 + 1/61 = 0.032522 > p = 1/61 = 0.016393 > s = 1/62 = 0.016129.
    // rerank-first has no retriever stage: not defined.
    const expected = { hybrid: ['a', 'c', 'b', 'd'], 'one-stage': ['x', 'y', 'z'], equal: ['q', 'p', 's'] };
    expect(await listsOf('rrf:60')).toEqual(expected);
    expect(await listsOf('rrf')).toEqual(expected);
    // k = 0: a = c = 1 + 1/3, b = d = 1/2; equal: q = 1/2 + 1 = 1.5 > p = 1 > s = 1/2
    expect(await listsOf('rrf:0')).toEqual(expected);
  });

  it('weighted:<w> mixes the min-max normalized scores of the first two retriever stages, absent = 0', async () => {
    // hybrid: bm25 a = (3 − 1)/(3 − 1) = 1, b = 0.5, c = 0; vector c = (0.9 − 0.1)/0.8 = 1, d = 0.5, a = 0.
    // w = 0.7: a = 0.7, b = 0.35, c = 0.3, d = 0.15.
    // equal: bm25 p = q = 1 (all equal); vector q = 1, s = 0. w = 0.7: q = 0.7 + 0.3 = 1, p = 0.7, s = 0.
    // one-stage and rerank-first have fewer than two retriever stages: not defined.
    expect(await listsOf('weighted:0.7')).toEqual({ hybrid: ['a', 'b', 'c', 'd'], equal: ['q', 'p', 's'] });
    // w = 0.5: a = c = 0.5 (best ranks 1 and 1 → a, c), b = d = 0.25 (→ b, d); equal: q = 1, p = 0.5, s = 0
    expect(await listsOf('weighted:0.5')).toEqual({ hybrid: ['a', 'c', 'b', 'd'], equal: ['q', 'p', 's'] });
    // w = 0.3: a = 0.3, b = 0.15, c = 0.7, d = 0.35 → c, d, a, b; equal: q = 1, p = 0.3, s = 0
    expect(await listsOf('weighted:0.3')).toEqual({ hybrid: ['c', 'd', 'a', 'b'], equal: ['q', 'p', 's'] });
    // w = 0: the vector stage alone, b (absent from it, 0) after d (0.5) by score, then by... b = 0, a = 0:
    // a best rank 1, b best rank 2 → a before b
    expect(await listsOf('weighted:0')).toEqual({ hybrid: ['c', 'd', 'a', 'b'], equal: ['q', 'p', 's'] });
  });

  it('norerank is the stage before the rerank stage, or the returned list when there is none; cut:<n> the first n returned', async () => {
    expect(await listsOf('norerank')).toEqual({ hybrid: ['c', 'd', 'a'], 'one-stage': ['y', 'x'], equal: ['q', 'p', 's'] });
    expect(await listsOf('cut:1')).toEqual({ hybrid: ['c'], 'one-stage': ['y'], equal: ['q'], 'rerank-first': ['m'] });
  });

  it('a few retrievals\' lists come with each asset\'s fused score (none for a pipeline that picks a logged list)', async () => {
    const scoresOf = async (text: string, ids: string[]) => {
      const parsed = parsePipeline(text);
      if (!parsed.ok) throw new Error(parsed.error);
      const rows = await readOnce(engine, (job) => whatIfListsIn(job, parsed.pipeline, ids));
      return Object.fromEntries(rows.map((row) => [row.retrieval_id, row.asset_scores]));
    };
    const round = (value: number) => Math.round(value * 1e12) / 1e12;
    // hybrid, rrf:60: a = c = 1/61 + 1/63, b = d = 1/62; equal: q = 1/62 + 1/61, p = 1/61, s = 1/62
    expect(await scoresOf('rrf:60', ['hybrid', 'equal'])).toEqual({
      hybrid: [1 / 61 + 1 / 63, 1 / 61 + 1 / 63, 1 / 62, 1 / 62].map(round),
      equal: [1 / 62 + 1 / 61, 1 / 61, 1 / 62].map(round),
    });
    // weighted:0.7, worked above: hybrid a 0.7, b 0.35, c 0.3, d 0.15; equal q 1, p 0.7, s 0
    expect(await scoresOf('weighted:0.7', ['hybrid', 'equal'])).toEqual({ hybrid: [0.7, 0.35, 0.3, 0.15], equal: [1, 0.7, 0] });
    expect(await scoresOf('stage:bm25', ['hybrid'])).toEqual({ hybrid: [] });
    expect(await scoresOf('cut:1', ['hybrid'])).toEqual({ hybrid: [] });
  });

  it('a few retrievals, ranked from their own stages, get exactly their lists in the whole table', async () => {
    const ids = ['hybrid', 'one-stage', 'equal', 'rerank-first', 'plain', 'not-logged'];
    for (const text of ['stage:bm25', 'stage:rerank', 'rrf:60', 'rrf:0', 'weighted:0.7', 'weighted:0', 'norerank', 'cut:1']) {
      const parsed = parsePipeline(text);
      if (!parsed.ok) throw new Error(parsed.error);
      const whole = await readOnce(engine, (job) => whatIfListsIn(job, parsed.pipeline));
      for (const some of [ids, ['equal', 'hybrid'], ['plain'], []]) {
        const few = await readOnce(engine, (job) => whatIfListsIn(job, parsed.pipeline, some));
        const listsOnly = (rows: typeof few) => rows.map(({ retrieval_id, asset_ids }) => ({ retrieval_id, asset_ids }));
        expect(listsOnly(few), `${text} of ${some.join(', ')}`).toEqual(listsOnly(whole.filter((row) => some.includes(row.retrieval_id))));
      }
    }
  });
});
