import { navigate } from '../../lib/url-state';
import { gateUrl } from '../../links/gate';
import { useScreenView } from '../../links/use-screen-view';
import { DEFAULT_REVIEW_SAMPLE, type ReviewWeek } from '../../model/gate/review';
import { GateNumber } from './GateNumber';
import { Panel } from '../../components/Panel';
import { ReviewSample } from './ReviewSample';

export function ReviewPanel({ weeks }: { weeks: ReviewWeek[] }) {
  const selected = useScreenView(gateUrl).review;
  const shown = weeks.find((week) => week.week === selected) ?? null;
  return (
    <Panel id="gate.review" title="Weekly answer review"
      question={`Each ISO week, a deterministic sample of ${DEFAULT_REVIEW_SAMPLE} responses the gate let through (decision answer), seeded by the week. How many reviewed answers were confidently wrong?`}>
      {weeks.length === 0 ? <p className="text-soft">No response whose gate decision was answer.</p> : (
        <table className="data" aria-label="Answer review per ISO week">
          <thead>
            <tr><th>ISO week</th><th className="num">answered</th><th className="num">sample</th><th className="num">reviewed</th><th className="num">wrong</th><th className="num">confidently wrong</th><th /></tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week} aria-selected={selected === week.week}>
                <td>{week.week}</td>
                <td className="num">{week.answered}</td>
                <td className="num">{week.sample.length}</td>
                <td className="num">{week.reviewed}</td>
                <td className="num">{week.wrong}</td>
                <td className="num">
                  <GateNumber path={`gate.review.${week.week}.confidently_wrong_rate`} value={week.confidently_wrong_rate} kind="rate"
                    definition="answer_review verdict wrong / answered responses of the week with a resolved answer_review label" />
                </td>
                <td>
                  <button type="button" className="link-button" aria-pressed={selected === week.week} onClick={() => navigate(gateUrl.changed({ review: selected === week.week ? null : week.week }))}>
                    {selected === week.week ? 'hide sample' : 'show sample'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shown && <ReviewSample week={shown} />}
    </Panel>
  );
}
