import { describe, expect, it } from 'vitest';
import { seededRandom } from '../lib/seeded-random';
import { sliceName, type ExplainSlice } from '../model/explain/slices';
import { DEFAULT_METRIC_SETTINGS } from '../model/metrics/settings';
import { computeExplain } from './explain-report';
import { at, makeRelevance, makeRetrieval, type TestEvent } from './sql/metrics/fixtures';
import { loadedTestEngine } from './sql/metrics/loaded-test-engine';

/**
 * A generated log with one planted concentration: masked retrieval failures at 60% on the
 * `dense` retriever with short queries (1–2 words), 15% everywhere else. Every other attribute
 * (role, surface, week) is drawn independently of the failures. Each repetition is its own
 * run_id, so one load holds them all and the run filter picks one.
 */
const REPETITIONS = 20;
const RETRIEVALS = 1200;
const QUERIES = ['alpha beta', 'alpha beta gamma delta', 'alpha beta gamma delta epsilon zeta eta'];
const RETRIEVERS = ['bm25', 'dense', 'hybrid'];
const ROLES = ['find', 'browse', 'operate'];
const SURFACES = ['web', 'mobile'];
const PLANTED = { retriever: 'dense', query_words: '1–2' };

function plantedLog(): TestEvent[] {
  const random = seededRandom(27);
  const pick = <T>(values: readonly T[]) => values[random.nextInt(values.length)];
  const events: TestEvent[] = [];
  for (let repetition = 0; repetition < REPETITIONS; repetition++) {
    for (let i = 0; i < RETRIEVALS; i++) {
      const id = `r${repetition}-${i}`;
      const retriever = pick(RETRIEVERS);
      const query = pick(QUERIES);
      const planted = retriever === PLANTED.retriever && query === QUERIES[0];
      const masked = random.next() < (planted ? 0.6 : 0.15);
      // masked: the relevant asset ranks second (P@1 = 0) and nothing shows the failure; else it ranks first
      events.push(makeRetrieval(id, {
        run_id: `rep${repetition}`, retriever, query, role: pick(ROLES), surface: pick(SURFACES),
        session_id: `s${repetition}-${i}`, request_id: `q${repetition}-${i}`, turn_id: `t${repetition}-${i}`,
        ts: at(random.nextInt(3 * 7 * 24 * 60)), returned_asset_ids: masked ? ['other', 'wanted'] : ['wanted', 'other'],
      }));
      events.push(makeRelevance(id, 'wanted', 2));
    }
  }
  return events;
}

const engine = loadedTestEngine(plantedLog());
const settingsOf = (repetition: number) => ({ ...DEFAULT_METRIC_SETTINGS, runIds: [`rep${repetition}`] });
/** A slice of an attribute the failures depend on; every other attribute was drawn independently of them. */
const involvesPlanted = (slice: ExplainSlice) => slice.slice.retriever !== undefined || slice.slice.query_words !== undefined;

describe('why here? on a log with a planted concentration', () => {
  it('lists the planted pair first in every repetition, and no slice without a planted effect passes q < 0.05 more often than 5%', async () => {
    let nullTested = 0;
    let nullPassed = 0;
    for (let repetition = 0; repetition < REPETITIONS; repetition++) {
      const { report, tested } = await computeExplain(engine, settingsOf(repetition), 'masked');
      expect(report.population).toBe(RETRIEVALS);
      expect(sliceName(report.slices[0].slice), `repetition ${repetition}`).toBe(sliceName(PLANTED));
      const nullSlices = tested.filter((slice) => !involvesPlanted(slice));
      nullTested += nullSlices.length;
      nullPassed += nullSlices.filter((slice) => slice.q_value < 0.05).length;
    }
    expect(nullTested).toBeGreaterThan(REPETITIONS * 50);
    expect(nullPassed / nullTested).toBeLessThanOrEqual(0.05);
  }, 120_000);
});
