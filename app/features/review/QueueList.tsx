import { useEffect, useRef } from 'react';
import { Link } from '../../components/Link';
import { reviewUrl } from '../../links/review';
import type { WeekProgress } from '../../model/annotation/review-queue';
import type { ReviewWeek } from '../../model/gate/review';
import { VerdictBadge } from './VerdictBadge';

/** The week's sample in sample order: what has a verdict, what is open, what is left. */
interface QueueListProps {
  week: ReviewWeek;
  progress: WeekProgress;
  openItem: string | null;
  /** Answers given a verdict here that the dataset has not taken in yet. */
  worked: ReadonlySet<string>;
  questions: ReadonlyMap<string, string | null>;
}

export function QueueList({ week, progress, openItem, worked, questions }: QueueListProps) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [openItem]);
  return (
    <nav className="panel review-queue" aria-label={`Sample of ${week.week}`}>
      <h2>{week.week}</h2>
      <p className="text-soft review-queue-count">
        <progress max={progress.sampleSize} value={progress.reviewed} aria-hidden="true" />
        {progress.reviewed} of {progress.sampleSize} reviewed · {progress.answered} answered
      </p>
      <ol className="review-queue-list" ref={list}>
        {week.sample.map((item, index) => {
          const open = item.event_id === openItem;
          const question = questions.get(item.event_id) ?? null;
          return (
            <li key={item.event_id}>
              <Link href={reviewUrl.changed({ week: week.week, item: item.event_id })} aria-current={open ? 'true' : undefined}
                data-response={item.event_id} title={question ?? item.text ?? undefined}>
                <span className="review-queue-index">{index + 1}</span>
                <span className="review-queue-text">{question ?? item.text ?? item.event_id}</span>
                {item.verdict ? <VerdictBadge verdict={item.verdict} /> : worked.has(item.event_id) ? <span className="badge soft" title="Given here; being applied">✓</span> : null}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
