import { describe, expect, it } from 'vitest';
import { reviewWeeksInScope, sampleWeek, weeklyReview, type AnsweredResponse } from './review';

const response = (week: string, id: number, verdict: string | null = null): AnsweredResponse => ({ week, event_id: `e${id}`, session_id: 's', text: null, verdict });

describe('weekly answer review', () => {
  const week = Array.from({ length: 80 }, (_, i) => response('2026-W42', i));

  it('samples deterministically, whatever the input order, and keeps the sample when a response is added', () => {
    const sample = sampleWeek('2026-W42', week, 50);
    expect(sample).toHaveLength(50);
    expect(new Set(sample.map((r) => r.event_id)).size).toBe(50);
    expect(sampleWeek('2026-W42', [...week].reverse(), 50)).toEqual(sample);
    const grown = sampleWeek('2026-W42', [...week, response('2026-W42', 999)], 50).map((r) => r.event_id);
    expect(grown.filter((id) => id !== 'e999')).toEqual(sample.map((r) => r.event_id).slice(0, grown.includes('e999') ? 49 : 50));
  });

  it('seeds the sample by week', () => {
    const ids = (name: string) => sampleWeek(name, week, 10).map((r) => r.event_id);
    expect(ids('2026-W42')).not.toEqual(ids('2026-W43'));
  });

  it('takes the whole week when it has fewer answers than the sample size', () => {
    expect(sampleWeek('2026-W42', week.slice(0, 3), 50)).toHaveLength(3);
  });

  it('groups answered responses by ISO week, counting each week', () => {
    const weeks = weeklyReview([response('2026-W41', 1), response('2026-W42', 2, 'wrong'), response('2026-W42', 3, 'correct'), response('2026-W42', 4, 'partial'), response('2026-W42', 5)]);
    expect(weeks.map(({ week: name, answered, sample }) => ({ name, answered, sampled: sample.length }))).toEqual([
      { name: '2026-W41', answered: 1, sampled: 1 },
      { name: '2026-W42', answered: 4, sampled: 4 },
    ]);
  });
});

describe('the weekly review in a scope', () => {
  it('keeps the week’s sample drawn from every answer, then only its answers in scope', () => {
    const answers = Array.from({ length: 6 }, (_, i) => ({ ...response('2026-W42', i), in_scope: i % 2 === 0 }));
    const whole = sampleWeek('2026-W42', answers, 4).map((r) => r.event_id);
    const [week] = reviewWeeksInScope(answers, 4);
    expect(week.answered).toBe(3);
    expect(week.sample.map((r) => r.event_id)).toEqual(whole.filter((id) => Number(id.slice(1)) % 2 === 0));
  });

  it('leaves out weeks with no answer in scope', () => {
    expect(reviewWeeksInScope([{ ...response('2026-W41', 1), in_scope: false }, response('2026-W42', 2)]).map((week) => week.week)).toEqual(['2026-W42']);
  });
});
