import { describe, expect, it } from 'vitest';
import { at, makeRelevance, makeRetrieval, type TestEvent } from '../metrics/fixtures';
import { loadedTestEngine } from '../metrics/loaded-test-engine';
import { ANNOTATOR_LABEL_COUNT_ROW, annotatorLabelCountsQuery } from './annotator-label-counts';
import { run } from '../core/run';

const iso = (minutes: number) => new Date(at(minutes)).toISOString();

/**
 * Worked example (issue 24: Annotate said 899 and 376, Overview and Agreement 759 and 110 for the
 * same annotator). r1 and r2 ran the same query "q" and returned a1, a2.
 * ana: (r1, a1) graded 1 then re-graded 3 (2 labels, 1 item); (r1, a2) once; a label by query on
 *   ("q", a1): 1 label, 1 item of its own (it is not counted once per retrieval of "q");
 *   → 4 labels given, 3 items labeled.
 * bob: (r1, a1) once, (r2, a2) once → 2 labels, 2 items; plus an adjudication on (r1, a1):
 *   3 labels given, still 2 items labeled, 1 adjudication.
 * a label with no annotator: its own row (Overview shows it as "(no annotator)").
 * a label missing its grade is a label given but no vote: no item.
 * role by ana on r1 twice: 2 labels, 1 item.
 */
const DATASET: TestEvent[] = [
  makeRetrieval('r1', { query: 'q', returned_asset_ids: ['a1', 'a2'] }),
  makeRetrieval('r2', { query: 'q', session_id: 's2', request_id: 'q2', turn_id: 't2', returned_asset_ids: ['a1', 'a2'] }),
  makeRelevance('r1', 'a1', 1, { annotator: 'ana', ts: iso(1) }),
  makeRelevance('r1', 'a1', 3, { annotator: 'ana', ts: iso(2) }),
  makeRelevance('r1', 'a2', 0, { annotator: 'ana', ts: iso(3) }),
  { type: 'label', kind: 'relevance', query: 'q', asset_id: 'a1', grade: 2, annotator: 'ana', ts: iso(4) },
  makeRelevance('r1', 'a1', 2, { annotator: 'bob', ts: iso(5) }),
  makeRelevance('r2', 'a2', 1, { annotator: 'bob', ts: iso(6) }),
  makeRelevance('r1', 'a1', 3, { annotator: 'bob', adjudicated: true, ts: iso(7) }),
  { type: 'label', kind: 'relevance', retrieval_id: 'r2', asset_id: 'a1', grade: 1, ts: iso(8) },
  { type: 'label', kind: 'role', retrieval_id: 'r1', role: 'find', annotator: 'ana', ts: iso(9) },
  { type: 'label', kind: 'role', retrieval_id: 'r1', role: 'browse', annotator: 'ana', ts: iso(10) },
];

const engine = loadedTestEngine(DATASET);

describe('annotatorLabelCountsQuery: one count for Overview, Annotate and Agreement', () => {
  it('counts labels given (every vote, superseded ones and adjudications included) and items labeled', async () => {
    const rows = await run(engine, annotatorLabelCountsQuery(), ANNOTATOR_LABEL_COUNT_ROW);
    expect(rows).toEqual([
      { kind: 'relevance', annotator: 'ana', labels: 4, items: 3, adjudications: 0, given_here: 0 },
      { kind: 'relevance', annotator: 'bob', labels: 3, items: 2, adjudications: 1, given_here: 0 },
      { kind: 'relevance', annotator: null, labels: 1, items: 1, adjudications: 0, given_here: 0 },
      { kind: 'role', annotator: 'ana', labels: 2, items: 1, adjudications: 0, given_here: 0 },
    ]);
  });
});
