import { describe, expect, it } from 'vitest';
import { shapeReviewReport, type ReviewVerdictRow } from './review-report';

const row = (week: string, verdict: string, n: number): ReviewVerdictRow => ({ week, verdict, n });

describe('the report’s weekly answer review', () => {
  it('is all zeros with a null rate when nothing was reviewed', () => {
    expect(shapeReviewReport([])).toEqual({ reviewed: 0, correct: 0, wrong: 0, partial: 0, unsupported: 0, confidently_wrong_rate: null, by_week: {} });
  });

  it('counts verdicts per week and overall; confidently wrong = wrong / reviewed', () => {
    // W41: 3 correct + 1 wrong = 4 reviewed, 1/4. W42: 2 wrong + 1 partial + 1 unsupported = 4, 2/4.
    // Overall: 8 reviewed, 3 wrong → 3/8.
    const report = shapeReviewReport([row('2026-W42', 'wrong', 2), row('2026-W41', 'correct', 3), row('2026-W41', 'wrong', 1), row('2026-W42', 'partial', 1), row('2026-W42', 'unsupported', 1)]);
    expect(report).toEqual({
      reviewed: 8, correct: 3, wrong: 3, partial: 1, unsupported: 1, confidently_wrong_rate: 3 / 8,
      by_week: {
        '2026-W41': { reviewed: 4, correct: 3, wrong: 1, partial: 0, unsupported: 0, confidently_wrong_rate: 1 / 4 },
        '2026-W42': { reviewed: 4, correct: 0, wrong: 2, partial: 1, unsupported: 1, confidently_wrong_rate: 2 / 4 },
      },
    });
    expect(Object.keys(report.by_week)).toEqual(['2026-W41', '2026-W42']);
  });

  it('leaves out a week with no reviewed response (a verdict outside the four does not count)', () => {
    expect(shapeReviewReport([row('2026-W40', 'maybe', 2)]).by_week).toEqual({});
  });
});
