import type { UseQueryResult } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { Link } from '../../components/Link';
import { QueryState } from '../../components/QueryState';
import type { QueueItemContext } from '../../engine/sql/annotation/queue-item-context';
import { sessionsUrl } from '../../links/sessions';
import type { ItemLabelRow } from '../../model/annotation/item-labels';
import type { QueueKind } from '../../model/annotation/queue';
import { IntentForm } from './IntentForm';
import { ItemContext } from './ItemContext';
import { ItemLabels } from './ItemLabels';
import { ItemNav } from './ItemNav';
import type { GradedAsset } from './item-view';
import { RelevanceList } from './RelevanceList';
import { RolePicker } from './RolePicker';
import { shortcutHint } from '../../components/labeling-keys/shortcuts';
import type { QueueSession } from './use-queue-session';

const KIND_NOUN: Record<QueueKind, string> = { relevance: 'Retrieval', role: 'Retrieval', intent: 'Turn' };

interface ItemPanelProps {
  kind: QueueKind;
  itemId: string;
  /** Position in the queue (0-based); -1 when the item is not in it. */
  position: number;
  total: number;
  query: UseQueryResult<QueueItemContext>;
  labels: readonly ItemLabelRow[];
  assets: readonly GradedAsset[];
  annotator: string;
  session: QueueSession;
  noteRef: RefObject<HTMLTextAreaElement | null>;
  intentsRef: RefObject<HTMLInputElement | null>;
  done: boolean;
  skipped: boolean;
  onStep(delta: 1 | -1): void;
  onSkip(): void;
  onSubmit(): void;
  onHelp(): void;
}

/** The open item: where it sits in the queue, its context, the labeling controls, the note and every label already on it. */
export function ItemPanel({ noteRef, intentsRef, ...props }: ItemPanelProps) {
  const { kind, itemId, query, session, annotator, labels } = props;
  const item = query.data?.item_id === itemId ? query.data : undefined;
  const sessionId = item?.retrieval?.session_id ?? item?.turn?.session_id ?? null;
  return (
    <div className="annotate-item" data-testid="annotate.item" data-item={itemId}>
      <section className="panel">
        <header className="annotate-item-head">
          <div>
            <h2>{KIND_NOUN[kind]} <span className="mono">{itemId}</span></h2>
            <p className="text-soft annotate-item-meta">
              {props.position >= 0 ? `Item ${props.position + 1} of ${props.total}` : 'Not in this queue (opened by its link)'}
              {props.done && <span className="badge soft">labeled by you</span>}
              {props.skipped && <span className="badge warn">skipped</span>}
              {sessionId && <> · <Link href={sessionsUrl.href({ session: sessionId })}>open session {sessionId}</Link></>}
            </p>
          </div>
          <ItemNav onStep={props.onStep} onHelp={props.onHelp} />
        </header>
        <QueryState query={query} label="the item" />
        {item && !item.found && <p className="empty-state">No {kind === 'intent' ? 'prompt has the turn id' : 'retrieval has the id'} <span className="mono">{itemId}</span> in the loaded logs.</p>}
        {item?.found && <ItemContext item={item} />}
      </section>
      {item?.found && (
        <section className="panel annotate-labeling" aria-label="Your label">
          {kind === 'relevance' && (
            item.assets.length === 0 ? <p className="text-soft">This retrieval returned nothing: there is no asset to grade.</p> : (
              <RelevanceList retrievalId={itemId} assets={props.assets} labels={labels} annotator={annotator}
                focused={session.focused} onFocus={session.setFocused} onGrade={session.grade} />
            )
          )}
          {kind === 'role' && <RolePicker retrievalId={itemId} logged={item.retrieval?.role ?? null} labels={labels} annotator={annotator}
            onPick={(role) => void session.give({ kind: 'role', retrieval_id: itemId, role })} />}
          {kind === 'intent' && <IntentForm turnId={itemId} labels={labels} annotator={annotator} retrievals={item.turnRetrievals}
            intents={session.intents} intentsRef={intentsRef} onIntents={session.setIntents} onIntent={session.intent} />}
          <label className="annotate-note">
            <span>Note <kbd>.</kbd> <span className="text-soft">given with the labels of this item</span></span>
            <textarea ref={noteRef} rows={2} value={session.note} onChange={(event) => session.setNote(event.target.value)} aria-label="Note" />
          </label>
          <div className="annotate-actions">
            <button type="button" className="button primary" onClick={props.onSubmit}>Next <kbd>Enter</kbd></button>
            <button type="button" className="button" onClick={props.onSkip}>Skip <kbd>s</kbd></button>
            <button type="button" className="button" onClick={() => void session.undo()} disabled={session.stack.length === 0}>Undo <kbd>z</kbd></button>
            {session.problem && <span className="text-bad" role="alert">{session.problem}</span>}
          </div>
          <p className="text-soft annotate-hint" data-testid="annotate.hint">{shortcutHint(kind)}</p>
        </section>
      )}
      {item?.found && <ItemLabels kind={kind} labels={labels} onProblem={session.setProblem} />}
    </div>
  );
}
