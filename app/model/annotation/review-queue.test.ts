import { describe, expect, it } from 'vitest';
import type { AnsweredResponse, ReviewWeek } from '../gate/review';
import { confidentlyWrongTrend, firstToReview, nextOpenWeek, nextToReview, pickWeek, stepItem, weekProgress } from './review-queue';
import { shapeReviewReport } from './review-report';

const item = (event_id: string, verdict: string | null = null): AnsweredResponse => ({ week: 'w', event_id, session_id: 's', text: null, verdict });
const makeWeek = (week: string, sample: AnsweredResponse[], answered = sample.length): ReviewWeek =>
  ({ week, answered, sample });

const SAMPLE = [item('a', 'correct'), item('b'), item('c', 'wrong'), item('d')];

describe('weekProgress', () => {
  it.each([
    ['half reviewed', SAMPLE, { sampleSize: 4, reviewed: 2, done: false }],
    ['all reviewed', [item('a', 'partial'), item('b', 'unsupported')], { sampleSize: 2, reviewed: 2, done: true }],
    ['empty sample', [], { sampleSize: 0, reviewed: 0, done: true }],
  ])('%s', (_, sample, expected) => {
    expect(weekProgress(makeWeek('2026-W40', sample, 9))).toEqual({ week: '2026-W40', answered: 9, ...expected });
  });
});

describe('pickWeek', () => {
  const done = makeWeek('2026-W39', [item('x', 'correct')]);
  const open = makeWeek('2026-W40', [item('y')]);
  const latestDone = makeWeek('2026-W41', [item('z', 'wrong')]);
  it.each([
    ['the week asked for', [done, open, latestDone], '2026-W39', '2026-W39', 'z'],
    ['the week whose sample holds the item asked for', [done, open, latestDone], null, '2026-W41', 'z'],
    ['the latest open week when no sample holds the item', [done, open, latestDone], null, '2026-W40', 'nope'],
    ['the latest week with work left when none is asked for', [done, open, latestDone], null, '2026-W40'],
    ['the latest week with work left when the asked week is unknown', [done, open, latestDone], '2025-W01', '2026-W40'],
    ['the latest week when every week is done', [done, latestDone], null, '2026-W41'],
  ])('%s', (_, weeks, requested, expected, itemId: string | null = null) => {
    expect(pickWeek(weeks, requested, itemId)?.week).toBe(expected);
  });
  it('null without weeks', () => expect(pickWeek([], null)).toBeNull());

  it('nextOpenWeek: the latest other week with work left', () => {
    const older = makeWeek('2026-W38', [item('w')]);
    expect(nextOpenWeek([older, done, open, latestDone], '2026-W41')?.week).toBe('2026-W40');
    expect(nextOpenWeek([older, done, open, latestDone], '2026-W40')?.week).toBe('2026-W38');
    expect(nextOpenWeek([done, open], '2026-W40')).toBeNull();
  });
});

describe('moving through the sample', () => {
  it('firstToReview: the first item without a verdict, null when done', () => {
    expect(firstToReview(SAMPLE)).toBe('b');
    expect(firstToReview([item('a', 'correct')])).toBeNull();
  });

  it.each([
    ['next', 'b', 1, 'c'], ['previous', 'b', -1, 'a'], ['held at the end', 'd', 1, 'd'], ['held at the start', 'a', -1, 'a'],
    ['the first item for an id outside the sample', 'zz', 1, 'a'], ['the first item for no id', null, -1, 'a'],
  ])('stepItem: %s', (_, current, delta, expected) => {
    expect(stepItem(SAMPLE, current, delta)).toBe(expected);
  });
  it('stepItem: null for an empty sample', () => expect(stepItem([], 'a', 1)).toBeNull());

  it.each([
    ['the next unreviewed item after the current one', 'b', 'd'],
    ['wraps to an earlier unreviewed item', 'd', 'b'],
    ['skips reviewed items', 'a', 'b'],
  ])('nextToReview: %s', (_, current, expected) => {
    expect(nextToReview(SAMPLE, current)).toBe(expected);
  });
  it('nextToReview: null when the current item was the last one left', () => {
    expect(nextToReview([item('a', 'correct'), item('b')], 'b')).toBeNull();
  });
});

describe('confidentlyWrongTrend', () => {
  it('one point per week with a sample or a review, the report\'s rate and counts behind each', () => {
    const report = shapeReviewReport([
      { week: '2026-W38', verdict: 'wrong', n: 1 },
      { week: '2026-W40', verdict: 'correct', n: 3 }, { week: '2026-W40', verdict: 'wrong', n: 1 },
    ]);
    const weeks = [makeWeek('2026-W40', SAMPLE), makeWeek('2026-W41', [item('q')])];
    expect(confidentlyWrongTrend(weeks, report)).toEqual([
      { week: '2026-W38', rate: 1, reviewed: 1, wrong: 1 },
      { week: '2026-W40', rate: 0.25, reviewed: 4, wrong: 1 },
      { week: '2026-W41', rate: null, reviewed: 0, wrong: 0 },
    ]);
  });
});
