import { useEffect, useRef } from 'react';
import { Link } from '../../components/Link';
import { TableDownload } from '../../components/TableDownload';
import { formatCount } from '../../lib/format';
import type { ExportColumn } from '../../lib/table-export';
import { reviewUrl } from '../../links/review';
import type { WeekProgress } from '../../model/annotation/review-queue';
import type { AnsweredResponse, ReviewWeek } from '../../model/gate/review';
import { VerdictBadge } from './VerdictBadge';

interface QueueRow {
  index: number;
  item: AnsweredResponse;
}

/** The list as shown, which a download writes: position, the question (else the answer's text), the verdict ("✓" while being applied). */
const queueColumns = (questions: ReadonlyMap<string, string | null>, worked: ReadonlySet<string>): ExportColumn<QueueRow>[] => [
  { header: '#', value: (row) => row.index },
  { header: 'question', value: (row) => questions.get(row.item.event_id) ?? row.item.text ?? row.item.event_id },
  { header: 'verdict', value: (row) => row.item.verdict ?? (worked.has(row.item.event_id) ? '✓' : null) },
];

/** The week's sample in sample order: what has a verdict, what is open, what is left. */
interface QueueListProps {
  week: ReviewWeek;
  progress: WeekProgress;
  openItem: string | null;
  /** Answers given a verdict here that the dataset has not taken in yet. */
  worked: ReadonlySet<string>;
  /** Answers passed over here without a verdict (Enter or s). */
  skipped: ReadonlySet<string>;
  questions: ReadonlyMap<string, string | null>;
}

export function QueueList({ week, progress, openItem, worked, skipped, questions }: QueueListProps) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [openItem]);
  return (
    <nav className="panel review-queue" aria-label={`Sample of ${week.week}`}>
      <h2>{week.week}</h2>
      <p className="text-soft review-queue-count">
        <progress max={progress.sampleSize} value={progress.reviewed} aria-hidden="true" />
        {formatCount(progress.reviewed)} of {formatCount(progress.sampleSize)} reviewed · {formatCount(progress.answered)} answered
      </p>
      <TableDownload name={`review-sample-${week.week}`} columns={queueColumns(questions, worked)} rows={week.sample.map((item, index) => ({ index: index + 1, item }))} />
      <ol className="review-queue-list" ref={list}>
        {week.sample.map((item, index) => {
          const open = item.event_id === openItem;
          const question = questions.get(item.event_id) ?? null;
          return (
            <li key={item.event_id}>
              <Link href={reviewUrl.changed({ week: week.week, item: item.event_id })} aria-current={open ? 'true' : undefined}
                data-response={item.event_id} data-skipped={skipped.has(item.event_id) || undefined} title={question ?? item.text ?? undefined}>
                <span className="review-queue-index">{index + 1}</span>
                <span className="review-queue-text">{question ?? item.text ?? item.event_id}</span>
                {item.verdict ? <VerdictBadge verdict={item.verdict} /> : worked.has(item.event_id) ? <span className="badge soft" title="Given here; being applied">✓</span>
                  : skipped.has(item.event_id) ? <span className="badge warn" title="Skipped for now">↷</span> : null}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
