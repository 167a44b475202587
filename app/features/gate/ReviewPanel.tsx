import { Link } from '../../components/Link';
import { Panel } from '../../components/Panel';
import { reviewUrl } from '../../links/review';
import type { ReviewReport } from '../../model/annotation/review-report';
import { DEFAULT_REVIEW_SAMPLE, type ReviewWeek } from '../../model/gate/review';
import { GateNumber } from './GateNumber';

/** A summary of the weekly answer review; the samples are read and judged on the Review screen. */
export function ReviewPanel({ weeks, report }: { weeks: ReviewWeek[]; report: ReviewReport }) {
  const left = weeks.reduce((sum, week) => sum + week.sample.filter((item) => item.verdict === null).length, 0);
  return (
    <Panel id="gate.review" title="Weekly answer review"
      question={`Each ISO week, a deterministic sample of ${DEFAULT_REVIEW_SAMPLE} responses the gate let through (decision answer), seeded by the week. How many reviewed answers were confidently wrong?`}
      actions={weeks.length > 0 ? <Link className="button" href={reviewUrl.href()}>Review answers{left > 0 ? ` (${left} waiting)` : ''}</Link> : undefined}>
      {weeks.length === 0 ? <p className="text-soft">No response whose gate decision was answer.</p> : (
        <table className="data" aria-label="Answer review per ISO week">
          <thead>
            <tr><th>ISO week</th><th className="num">answered</th><th className="num">sample reviewed</th><th className="num">reviewed</th><th className="num">wrong</th><th className="num">confidently wrong</th><th /></tr>
          </thead>
          <tbody>
            {weeks.map((week) => {
              const counts = report.by_week[week.week];
              return (
              <tr key={week.week}>
                <td>{week.week}</td>
                <td className="num">{week.answered}</td>
                <td className="num">{week.sample.filter((item) => item.verdict !== null).length} / {week.sample.length}</td>
                <td className="num">{counts?.reviewed ?? 0}</td>
                <td className="num">{counts?.wrong ?? 0}</td>
                <td className="num">
                  <GateNumber path={`gate.review.${week.week}.confidently_wrong_rate`} value={counts?.confidently_wrong_rate ?? null} kind="rate"
                    definition="the report's review.by_week: verdict wrong / responses of the week with a resolved answer_review verdict" />
                </td>
                <td><Link href={reviewUrl.href({ week: week.week })}>review {week.week}</Link></td>
              </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
