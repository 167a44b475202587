import type { ReviewWeek } from '../../model/gate/review';

const VERDICT_BADGE: Record<string, string> = { wrong: 'badge bad', unsupported: 'badge warn', partial: 'badge warn', correct: 'badge soft' };

/** The week's sample in sample order, with the verdict already recorded for each response. */
export function ReviewSample({ week }: { week: ReviewWeek }) {
  return (
    <div className="gate-review-sample">
      <h3 className="subhead">Sample of {week.week}: {week.sample.length} of {week.answered} answered responses</h3>
      <div className="gate-scroll">
        <table className="data" aria-label={`Review sample ${week.week}`}>
          <thead><tr><th>#</th><th>response</th><th>session</th><th>text</th><th>verdict</th></tr></thead>
          <tbody>
            {week.sample.map((response, index) => (
              <tr key={response.event_id}>
                <td className="num">{index + 1}</td>
                <td className="mono">{response.event_id}</td>
                <td className="mono">{response.session_id ?? '—'}</td>
                <td className="gate-response-text">{response.text ?? '—'}</td>
                <td>{response.verdict ? <span className={VERDICT_BADGE[response.verdict] ?? 'badge'}>{response.verdict}</span> : <span className="text-soft">not reviewed</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
