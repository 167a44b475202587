import { Link } from '../../components/Link';
import { pluralize } from '../../lib/format';
import { reviewUrl } from '../../links/review';
import type { WeekProgress } from '../../model/annotation/review-queue';
import type { ReviewWeek } from '../../model/gate/review';

interface WeekDoneProps {
  week: ReviewWeek;
  progress: WeekProgress;
  /** The latest other week with answers left to review, if any. */
  nextOpen: WeekProgress | null;
  onBrowse: () => void;
}

/** A week whose whole sample has a verdict: where to go on, and a way to read its answers again. */
export function WeekDone({ week, progress, nextOpen, onBrowse }: WeekDoneProps) {
  return (
    <section className="panel empty-state review-done" data-testid="review.done">
      <h2>{week.week} is fully reviewed</h2>
      <p>
        {progress.sampleSize === 1 ? 'The one sampled answer of the week has a verdict.' : `All ${progress.sampleSize} sampled answers of the week have a verdict.`}{' '}
        {nextOpen ? 'Go on with another week, or read' : 'Every week is done. You can still read'} this week's answers again (a new verdict of yours replaces your earlier one).
      </p>
      <div className="actions">
        {nextOpen && (
          <Link className="button primary" href={reviewUrl.changed({ week: nextOpen.week, item: null })}>
            Go to {nextOpen.week} ({pluralize(nextOpen.sampleSize - nextOpen.reviewed, 'answer')} left)
          </Link>
        )}
        <button type="button" className="button" onClick={onBrowse} disabled={week.sample.length === 0}>Read the week's answers</button>
      </div>
    </section>
  );
}
