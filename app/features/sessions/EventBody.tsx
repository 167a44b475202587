import { LogText } from '../../components/LogText';
import type { QuestionRunAnalysis } from '../../model/drift/analyze';
import type { TimelineEntry } from '../../model/lineage/timeline';
import { AnswerCheck } from '../../components/AnswerCheck';
import { useSharedSettings } from '../../links/use-shared-settings';
import { FeedbackOnEvent, FeedbackTarget } from './FeedbackLinks';
import { IntentLabel } from './IntentLabel';
import { MissedAssets } from './MissedAssets';
import { RankedList } from './RankedList';
import { RoleLabel } from './RoleLabel';
import { StageLists } from './StageLists';
import { VerdictLine } from './VerdictLine';

const fixed = (value: number | null, digits = 3) => (value === null ? '—' : value.toFixed(digits));

interface EventBodyProps {
  entry: TimelineEntry;
  selectedNode: string | null;
  onSelectNode(id: string): void;
  /** The multi-hop question-run whose final answer this response is. */
  answerOf: QuestionRunAnalysis | undefined;
}

/**
 * What an event type shows beyond its one-line description: a retrieval's facts, why it failed,
 * its role, its stage lists beside the returned one, its list and the relevant assets it missed; a prompt's intent; a gate's signals; a response's citations,
 * answer against gold, review and feedback; the response a feedback names. Labels are given here
 * (session-labels-context.tsx).
 */
export function EventBody({ entry, selectedNode, onSelectNode, answerOf }: EventBodyProps) {
  const { event, retrieval, results, stages } = entry;
  const { k } = useSharedSettings().settings;
  if (event.type === 'retrieval' && retrieval) {
    const facts = [
      retrieval.role ?? 'no role',
      event.retriever,
      event.latency_ms === null ? null : `${event.latency_ms} ms`,
      retrieval.judged ? `judged: P@1 ${fixed(retrieval.p_at_1, 0)} · nDCG@${k} ${fixed(retrieval.ndcg_at_k, 2)}` : 'not judged',
    ].filter(Boolean);
    return (
      <div className="event-body">
        <div className="event-facts text-soft" data-testid="retrieval.facts"><LogText text={facts.join(' · ')} /></div>
        {event.error != null && (
          <div className="retrieval-failed" data-testid="retrieval.failed">
            <span className="retrieval-failed-label">failed:</span> <LogText text={event.error || '(no message)'} shown={400} />
          </div>
        )}
        <RoleLabel retrievalId={retrieval.retrieval_id} logged={event.role} resolved={retrieval.role} />
        {stages && <StageLists retrievalId={retrieval.retrieval_id} comparison={stages} />}
        <RankedList retrievalId={retrieval.retrieval_id} items={results ?? []} selectedNode={selectedNode} onSelectNode={onSelectNode} />
        <MissedAssets retrievalId={retrieval.retrieval_id} returned={retrieval.returned_asset_ids ?? []} />
      </div>
    );
  }
  if (event.type === 'gate') {
    const signals: [string, string | number | null][] = [
      ['decision', event.decision], ['reason', event.reason], ['dense', fixed(event.dense_score)], ['sparse', fixed(event.sparse_score)],
      ['top gap', fixed(event.top_gap)], ['docs', event.doc_count], ['category', event.category], ['retrieval', event.retrieval_id],
    ];
    return (
      <dl className="event-body gate-signals">
        {signals.filter(([, value]) => value !== null && value !== '—').map(([name, value]) => (
          <div key={name}><dt>{name}</dt><dd className="mono">{typeof value === 'string' ? <LogText text={value} /> : value}</dd></div>
        ))}
      </dl>
    );
  }
  if (event.type === 'prompt' && event.turn_id) {
    return <div className="event-body"><IntentLabel turnId={event.turn_id} /></div>;
  }
  if (event.type === 'response') {
    return (
      <div className="event-body">
        {event.cited_asset_ids?.length ? <div className="text-soft">cites <LogText text={event.cited_asset_ids.join(', ')} /></div> : null}
        {answerOf && <AnswerCheck run={answerOf} className="answer-vs-gold" unanswered={<div className="answer-vs-gold text-soft">Not answered in this run.</div>} />}
        {event.event_id && <VerdictLine responseId={event.event_id} />}
        <FeedbackOnEvent event={event} feedback={entry.feedback} />
      </div>
    );
  }
  if (event.type === 'feedback') {
    return <div className="event-body"><FeedbackTarget event={event} target={entry.feedbackTarget} /></div>;
  }
  if (entry.feedback.length) return <div className="event-body"><FeedbackOnEvent event={event} feedback={entry.feedback} /></div>;
  return null;
}
