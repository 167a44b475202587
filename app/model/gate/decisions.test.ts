import { describe, expect, it } from 'vitest';
import { summarizeDecisions } from './decisions';
import { feedbackWeeks } from './feedback';

describe('summarizeDecisions', () => {
  const rows = [
    { week: '2026-W41', category: 'returns', decision: 'answer', n: 3 },
    { week: '2026-W41', category: 'returns', decision: 'handoff', n: 1 },
    { week: '2026-W42', category: 'returns', decision: 'handoff', n: 2 },
    { week: '2026-W42', category: null, decision: 'clarify', n: 4 },
  ];
  const summary = summarizeDecisions(rows);

  it('counts and rates decisions overall and per category', () => {
    expect(summary.overall).toMatchObject({ total: 10, answer: 3, clarify: 4, handoff: 3, rates: { answer: 0.3, clarify: 0.4, handoff: 0.3 } });
    expect(Object.keys(summary.byCategory)).toEqual(['(none)', 'returns']);
    expect(summary.byCategory.returns).toMatchObject({ total: 6, handoff: 3, rates: { handoff: 0.5 } });
  });

  it('gives per-week counts and each category\'s handoff rate per week (null without gates)', () => {
    expect(summary.byWeek.map((week) => [week.week, week.total])).toEqual([['2026-W41', 4], ['2026-W42', 6]]);
    expect(summary.handoffRateByWeek).toEqual([
      { week: '2026-W41', '(none)': null, returns: 0.25 },
      { week: '2026-W42', '(none)': 0, returns: 1 },
    ]);
    expect(summary.handoffCountByWeek).toEqual({ '2026-W41': { '(none)': 0, returns: 1 }, '2026-W42': { '(none)': 0, returns: 2 } });
  });
});

describe('feedbackWeeks', () => {
  it('orders weeks and raises the alarm strictly above 15%', () => {
    const weeks = feedbackWeeks({
      total: 0, down: 0, thumbs_down_rate: null,
      by_week: { '2026-W43': { total: 20, down: 3, rate: 0.15 }, '2026-W42': { total: 10, down: 2, rate: 0.2 }, '2026-W44': { total: 0, down: 0, rate: null } },
    });
    expect(weeks.map((week) => [week.week, week.alarm])).toEqual([['2026-W42', true], ['2026-W43', false], ['2026-W44', false]]);
  });
});

describe('the alarm minimum', () => {
  const feedback = {
    total: 0, down: 0, thumbs_down_rate: null,
    by_week: { '2026-W36': { total: 3, down: 2, rate: 2 / 3 }, '2026-W42': { total: 33, down: 8, rate: 8 / 33 }, '2026-W43': { total: 9, down: 1, rate: 1 / 9 } },
  };
  it('shows the rate of a week under the minimum but raises no alarm there', () => {
    expect(feedbackWeeks(feedback, 10).map(({ week, rate, tooFewVotes, alarm }) => [week, rate, tooFewVotes, alarm])).toEqual([
      ['2026-W36', 2 / 3, true, false],
      ['2026-W42', 8 / 33, false, true],
      ['2026-W43', 1 / 9, true, false],
    ]);
  });
  it('counts a week with exactly the minimum, and defaults to 10 votes', () => {
    expect(feedbackWeeks(feedback, 3).map((week) => week.alarm)).toEqual([true, true, false]);
    expect(feedbackWeeks(feedback).map((week) => week.tooFewVotes)).toEqual([true, false, true]);
  });
});
