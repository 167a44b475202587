import { Link } from '../../components/Link';
import { MetricValue } from '../../components/metric/MetricValue';
import { reviewUrl } from '../../links/review';
import { weekProgress } from '../../model/annotation/review-queue';
import { DEFAULT_REVIEW_SAMPLE } from '../../model/gate/review';
import { DEFAULT_METRIC_SETTINGS } from '../../model/metrics/settings';
import type { ReviewQueueData } from '../../queries/review';
import { Panel } from '../../components/Panel';
import { WrongRateTrend } from './WrongRateTrend';

const settings = DEFAULT_METRIC_SETTINGS;

/** Each week's progress through its sample, the report's counts and confidently-wrong rate, and the rate's trend. */
export function WeeksPanel({ data, selected, recomputing }: { data: ReviewQueueData; selected: string; recomputing: boolean }) {
  return (
    <Panel id="review.weeks" title="Weekly answer review"
      question={`Each ISO week, a deterministic sample of up to ${DEFAULT_REVIEW_SAMPLE} responses the gate let through (decision answer). How far is each week's review, and how many reviewed answers were confidently wrong?`}
      caption="Reviewed, wrong and confidently wrong count every loaded response with a resolved answer_review verdict, in the ISO week of the response (sampled or not)."
      recomputing={recomputing}>
      <div className="review-weeks">
        <table className="data review-week-table" aria-label="Review progress per ISO week">
          <thead>
            <tr><th>ISO week</th><th>sample reviewed</th><th className="num">reviewed</th><th className="num">wrong</th><th className="num">confidently wrong</th></tr>
          </thead>
          <tbody>
            {data.weeks.map((week) => {
              const progress = weekProgress(week);
              const counts = data.report.by_week[week.week];
              const path = `review.by_week.${week.week}`;
              return (
                <tr key={week.week} aria-selected={week.week === selected} data-week={week.week}>
                  <td>
                    <Link href={reviewUrl.changed({ week: week.week, item: null })} aria-current={week.week === selected ? 'true' : undefined}>{week.week}</Link>
                  </td>
                  <td className="review-progress-cell" title={`${progress.reviewed} of the ${progress.sampleSize} sampled responses (of ${progress.answered} answered) have a verdict`}>
                    <progress max={progress.sampleSize} value={progress.reviewed} aria-label={`${week.week} sample reviewed`} />
                    <span className="num" data-testid={`review.progress.${week.week}`}>{progress.reviewed} / {progress.sampleSize}</span>
                    {progress.done && <span className="badge soft">done</span>}
                  </td>
                  <td className="num"><MetricValue variant="cell" path={`${path}.reviewed`} value={counts?.reviewed ?? 0} kind="count" settings={settings} /></td>
                  <td className="num"><MetricValue variant="cell" path={`${path}.wrong`} value={counts?.wrong ?? 0} kind="count" settings={settings} /></td>
                  <td className="num">
                    <MetricValue variant="cell" path={`${path}.confidently_wrong_rate`} value={counts?.confidently_wrong_rate ?? null} kind="rate"
                      settings={settings} denominatorSize={counts?.reviewed ?? 0} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <WrongRateTrend weeks={data.weeks} report={data.report} selected={selected} />
      </div>
    </Panel>
  );
}
