import { LogText } from '../../components/LogText';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { AnnotatorGate } from '../../components/AnnotatorGate';
import { Link } from '../../components/Link';
import { QueryState } from '../../components/QueryState';
import type { AgreementItemContext } from '../../engine/sql/annotation/agreement-item';
import { sessionsUrl } from '../../links/sessions';
import { itemVotes, labelValue } from '../../model/annotation/item-labels';
import type { LabelKind } from '../../schema/given-label';
import { AdjudicateForm } from './AdjudicateForm';
import { itemCaption, KIND_TITLES, shortValue } from './agreement-view';
import { ItemContext } from './ItemContext';
import { ItemLabels } from './ItemLabels';
import { shortcutHint } from '../../components/labeling-keys/shortcuts';

type FormProps = Omit<ComponentProps<typeof AdjudicateForm>, 'kind' | 'current' | 'possible'>;

interface ItemPanelProps extends FormProps {
  kind: LabelKind;
  itemKey: string;
  query: UseQueryResult<AgreementItemContext | null>;
  /** Index in the list shown, -1 when the item is not in it (opened by link, or not a disagreement). */
  position: number;
  listSize: number;
  /** A deciding value given here that the dataset has not taken in yet. */
  pending: string | null;
  onStep(delta: 1 | -1): void;
}

/** One item opened from the list (or a link): its context, every label on it, and the adjudicator's deciding value. */
export function ItemPanel({ kind, itemKey, query, position, listSize, pending, onStep, ...form }: ItemPanelProps) {
  const context = query.data ?? null;
  const votes = itemVotes(context?.labels ?? []);
  const adjudicated = votes.adjudication ? labelValue(votes.adjudication) : null;
  const state = votes.adjudication ? 'resolved' : votes.disagreement ? 'unresolved' : 'agreed';
  const caption = itemCaption(kind, itemKey);
  const session = context?.sessionId ?? null;
  return (
    <article className="panel agreement-item" aria-label={`${KIND_TITLES[kind]} item ${itemKey}`} data-testid="agreement.item"
      data-item={itemKey} data-state={context ? state : 'loading'}>
      <header className="agreement-item-head">
        <div>
          <h2>
            {KIND_TITLES[kind]}: <span className="mono"><LogText text={caption.target} /></span>
            {caption.asset && <span className="mono text-soft"> · <LogText text={caption.asset} /></span>}
          </h2>
          <p className="text-soft agreement-facts">
            {position >= 0 ? `${position + 1} of ${listSize} in the list` : 'not in the list'}
            {session && <> · <Link href={sessionsUrl.href({ session })}>Open session {session}</Link></>}
          </p>
        </div>
        <div className="agreement-item-nav">
          <button type="button" className="button" onClick={() => onStep(-1)} disabled={position <= 0} title="Previous disagreement (k)">← Previous</button>
          <button type="button" className="button" onClick={() => onStep(1)} disabled={listSize === 0 || (position >= listSize - 1 && position !== -1)} title="Next disagreement (j)">Next →</button>
        </div>
      </header>
      <QueryState query={query} label="this item" />
      {query.data === null && <p className="query-error">“{itemKey}” is not a {kind.replace('_', ' ')} item key.</p>}
      {context && (
        <>
          <p className={`agreement-status ${state}`} data-testid="agreement.status">
            {state === 'resolved' && <>Resolved: <strong>{shortValue(kind, adjudicated ?? '')}</strong>, adjudicated by {votes.adjudication?.annotator ?? 'someone unnamed'}</>}
            {state === 'unresolved' && <>Unresolved: <LogText text={votes.byAnnotator.map((label) => `${label.annotator} ${shortValue(kind, labelValue(label) ?? '')}`).join(' · ')} /></>}
            {state === 'agreed' && (votes.byAnnotator.length >= 2 ? 'The annotators agree on this item.' : 'Fewer than two annotators voted on this item: nothing to disagree on.')}
          </p>
          <div className="agreement-item-body">
            <ItemContext context={context} />
            <aside className="agreement-item-side">
              <section className="agreement-adjudicate" aria-label="Deciding label">
                <h3 className="subhead">Decide as adjudicator</h3>
                <AnnotatorGate what="adjudicate">
                  <AdjudicateForm kind={kind} current={pending ?? adjudicated} possible={!(context.item.kind === 'relevance' && context.item.query !== undefined)} {...form} />
                  <p className="keys-hint text-soft">{shortcutHint(kind)}</p>
                </AnnotatorGate>
              </section>
              <ItemLabels kind={kind} votes={votes} />
            </aside>
          </div>
        </>
      )}
    </article>
  );
}
