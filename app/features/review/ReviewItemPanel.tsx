import { useQuery } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { AnnotatorGate } from '../../components/AnnotatorGate';
import { Link } from '../../components/Link';
import { QueryState } from '../../components/QueryState';
import { formatTimestamp } from '../../lib/format';
import { sessionsUrl } from '../../links/sessions';
import type { ReviewWeek } from '../../model/gate/review';
import { useDataset } from '../../session/dataset';
import { reviewItemOptions } from '../../queries/review';
import { GateScores } from './GateScores';
import { GoldAnswer } from './GoldAnswer';
import { ItemVerdicts } from './ItemVerdicts';
import { RetrievedContext } from './RetrievedContext';
import { VerdictForm } from './VerdictForm';
import type { Verdict } from '../../schema/given-label';

interface ReviewItemPanelProps {
  itemId: string;
  week: ReviewWeek;
  /** Index in the week's sample; -1 for a response opened by link that the sample does not hold. */
  position: number;
  verdict: Verdict | null;
  note: string;
  setNote(note: string): void;
  onVerdict(verdict: Verdict): void;
  skipped: boolean;
  onSkip(): void;
  noteRef: RefObject<HTMLTextAreaElement | null>;
  problem: string | null;
  onSubmit(): void;
  onStep(delta: 1 | -1): void;
  onUndo: (() => void) | null;
  onHelp(): void;
}

/** One answer to review: the question, the answer and the retrieved context; beside them the gate's scores, the verdict form and the verdicts so far. */
export function ReviewItemPanel({ itemId, week, position, onStep, onHelp, ...form }: ReviewItemPanelProps) {
  const dataset = useDataset();
  const query = useQuery(reviewItemOptions(dataset, itemId));
  const item = query.data?.item ?? null;
  const resolved = week.sample.find((entry) => entry.event_id === itemId)?.verdict ?? null;
  const session = item?.response.session_id ?? null;
  return (
    <article className="review-item" aria-label={`Answer ${itemId}`} data-testid="review.item" data-response={itemId}>
      <div className="panel review-item-main">
        <header className="review-item-head">
          <div>
            <h2>{position >= 0 ? `Answer ${position + 1} of ${week.sample.length}` : 'Answer outside the sample'} <span className="text-soft">· {item?.response.week ?? week.week}</span></h2>
            <p className="text-soft review-item-meta">
              <span className="mono">{itemId}</span> · {formatTimestamp(item?.response.ts)}
              {session && <> · <Link href={sessionsUrl.href({ session })}>Open session {session}</Link></>}
            </p>
          </div>
          <div className="review-item-nav">
            <button type="button" className="button" onClick={() => onStep(-1)} disabled={position <= 0} title="Previous answer (k)">← Previous</button>
            <button type="button" className="button" onClick={() => onStep(1)} disabled={position >= week.sample.length - 1} title="Next answer (j)">Next →</button>
            <button type="button" className="button subtle" onClick={onHelp} title="Keyboard shortcuts (?)">?</button>
          </div>
        </header>
        <QueryState query={query} label="this answer" />
        {query.data && !item && <p className="query-error">No response with event id {itemId} is loaded.</p>}
        {item && (
          <>
            <section className="review-block" aria-label="Question">
              <h3>Question</h3>
              {item.question ? <blockquote className="review-question">{item.question}</blockquote> : <p className="text-soft">No prompt of the same turn or request was logged.</p>}
              {item.response.prompt_category && <span className="badge">{item.response.prompt_category}</span>}
            </section>
            <section className="review-block" aria-label="Answer text">
              <h3>Answer</h3>
              <p className="review-answer">{item.response.text ?? <span className="text-soft">The response has no text.</span>}</p>
            </section>
            <GoldAnswer response={item.response} />
            <RetrievedContext item={item} />
          </>
        )}
      </div>
      <aside className="review-item-side">
        <GateScores gate={query.data ? item?.gate ?? null : undefined} />
        <section className="panel review-verdict" aria-label="Your verdict">
          <h3>Your verdict</h3>
          <AnnotatorGate what="review answers">
            <VerdictForm {...form} />
          </AnnotatorGate>
        </section>
        <ItemVerdicts labels={query.data?.labels ?? []} resolved={resolved} responseId={itemId} />
      </aside>
    </article>
  );
}
