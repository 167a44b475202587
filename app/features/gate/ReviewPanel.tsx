import { Link } from '../../components/Link';
import { Panel } from '../../components/Panel';
import type { GateView } from '../../links/gate';
import { reviewUrl } from '../../links/review';
import type { ReviewReport } from '../../model/annotation/review-report';
import { DEFAULT_REVIEW_SAMPLE, type ReviewWeek } from '../../model/gate/review';
import { GateCount } from './GateCount';
import { GateNumber } from './GateNumber';
import { sessionsBehind } from './session-links';

const QUESTION = `Each ISO week, a deterministic sample of ${DEFAULT_REVIEW_SAMPLE} responses the gate let through (decision answer), seeded by the week. How many reviewed answers were confidently wrong?`;

/** A summary of the weekly answer review; the samples are read and judged on the Review screen. */
export function ReviewPanel({ weeks, report, view, filtered }: { weeks: ReviewWeek[]; report: ReviewReport; view: GateView; filtered: boolean }) {
  const left = weeks.reduce((sum, week) => sum + week.sample.filter((item) => item.verdict === null).length, 0);
  return (
    <Panel id="gate.review" title="Weekly answer review" question={QUESTION}
      actions={weeks.length > 0 ? <Link className="button" href={reviewUrl.href()}>Review answers{left > 0 ? ` (${left} waiting)` : ''}</Link> : undefined}>
      {filtered && <p className="text-soft gate-note">The samples are drawn from every answered response; with the filters, only their responses that match are counted.</p>}
      {weeks.length === 0 ? <p className="text-soft">No response whose gate decision was answer{filtered ? ' matches the filters' : ''}.</p> : (
        <table className="data" aria-label="Answer review per ISO week">
          <thead>
            <tr>
              <th>ISO week</th><th className="num">answered</th><th className="num">sample reviewed</th><th className="num">reviewed</th>
              <th className="num">wrong</th><th className="num" title="The sessions list's review signal">wrong, partial or unsupported</th><th className="num">confidently wrong</th><th />
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => {
              const counts = report.by_week[week.week];
              const flagged = counts ? counts.wrong + counts.partial + counts.unsupported : 0;
              return (
                <tr key={week.week}>
                  <td>{week.week}</td>
                  <td className="num">{week.answered}</td>
                  <td className="num">{week.sample.filter((item) => item.verdict !== null).length} / {week.sample.length}</td>
                  <td className="num">{counts?.reviewed ?? 0}</td>
                  <td className="num">{counts?.wrong ?? 0}</td>
                  <td className="num">
                    <GateCount path={`gate.review.${week.week}.not_correct`} value={flagged} definition="responses of the week whose review verdict is wrong, partial or unsupported"
                      sessions={sessionsBehind(view, 'wrong', { week: week.week })} />
                  </td>
                  <td className="num">
                    <GateNumber path={`gate.review.${week.week}.confidently_wrong_rate`} value={counts?.confidently_wrong_rate ?? null} kind="rate"
                      definition="responses of the week reviewed wrong / responses of the week with a review verdict" />
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
