import { useQuery } from '@tanstack/react-query';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { QueryState } from '../../components/QueryState';
import { ReplacedLabels } from '../../components/ReplacedLabels';
import { UnsavedLabels } from '../../components/UnsavedLabels';
import { reviewUrl } from '../../links/review';
import { useScreenView } from '../../links/use-screen-view';
import { pickWeek } from '../../model/annotation/review-queue';
import { DEFAULT_REVIEW_SAMPLE } from '../../model/gate/review';
import { useDataset } from '../../session/dataset';
import { reviewQueueOptions } from '../../queries/review';
import { ReviewWorkspace } from './ReviewWorkspace';
import { WeeksPanel } from './WeeksPanel';
import './review.css';

/** Weekly answer review (issue 9): each ISO week's sample of answered responses as a keyboard-first review queue. */
export default function ReviewScreen() {
  const dataset = useDataset();
  const queue = useQuery(reviewQueueOptions(dataset));
  const view = useScreenView(reviewUrl);
  if (nothingToShow(dataset)) {
    return <EmptyDataset what="Each ISO week's sample of answered responses then appears here to review, with the question, the retrieved context, the gate's scores and the answer." />;
  }
  const data = queue.data;
  const week = data ? pickWeek(data.weeks, view.week, view.item) : null;
  return (
    <div className="review-screen" aria-busy={queue.isFetching}>
      <QueryState query={queue} label="the weekly answer review" />
      <UnsavedLabels />
      <ReplacedLabels />
      {data && data.weeks.length === 0 && (
        <div className="panel empty-state" data-testid="review.empty">
          <h2>No answered responses to review</h2>
          <p>
            The review samples up to {DEFAULT_REVIEW_SAMPLE} <code>response</code> events a week whose <code>gate</code> decision (same
            session and <code>request_id</code>) was <code>answer</code>. The loaded logs have none: log the gate's decision with each
            request to review what it let through.
          </p>
        </div>
      )}
      {data && week && (
        <>
          <WeeksPanel data={data} selected={week.week} recomputing={queue.isPlaceholderData} />
          <ReviewWorkspace weeks={data.weeks} week={week} requestedItem={view.item} questions={data.questions} />
        </>
      )}
    </div>
  );
}
