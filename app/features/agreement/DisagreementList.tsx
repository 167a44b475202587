import { LogText } from '../../components/LogText';
import { useEffect, useRef } from 'react';
import { Link } from '../../components/Link';
import { TableDownload } from '../../components/TableDownload';
import { formatCount } from '../../lib/format';
import type { ExportColumn } from '../../lib/table-export';
import { navigate } from '../../lib/url-state';
import { agreementUrl } from '../../links/agreement';
import type { DisagreementItem } from '../../model/annotation/agreement';
import type { LabelKind } from '../../schema/given-label';
import { itemCaption, shortValue, valueName } from './agreement-view';

interface DisagreementListProps {
  kind: LabelKind;
  /** The list as shown (visibleDisagreements): stable while adjudications come in. */
  items: readonly DisagreementItem[];
  total: number;
  unresolved: number;
  /** Items with votes from two or more annotators. */
  multi: number;
  unresolvedOnly: boolean;
  openItem: string | null;
  /** Items passed over here without a deciding label (Enter or s). */
  skipped: ReadonlySet<string>;
}

/** The list's parts as shown, which a download writes: the item, its asset, each vote, the adjudication. */
const columnsOf = (kind: LabelKind): ExportColumn<DisagreementItem>[] => [
  { header: 'item', value: (item) => itemCaption(kind, item.item).target },
  { header: 'asset', value: (item) => itemCaption(kind, item.item).asset },
  { header: 'votes', value: (item) => item.votes.map((vote) => `${vote.annotator} ${shortValue(kind, vote.value)}`).join(', ') },
  { header: 'adjudicated', value: (item) => (item.adjudicated ? `✓ ${shortValue(kind, item.adjudicated_value ?? '')}` : 'open') },
];

/** Every disagreement of the kind, by item: each annotator's value and whether an adjudication settled it. */
export function DisagreementList({ kind, items, total, unresolved, multi, unresolvedOnly, openItem, skipped }: DisagreementListProps) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [openItem]);
  return (
    <nav className="panel agreement-list" aria-label="Disagreements" data-testid="agreement.disagreements">
      <h2>Disagreements</h2>
      <p className="text-soft agreement-list-count" data-testid="agreement.list-count">
        {formatCount(total)} in all · <strong data-testid="agreement.unresolved-count">{formatCount(unresolved)}</strong> unresolved
      </p>
      <label className="facet agreement-filter">
        <input type="checkbox" checked={unresolvedOnly} onChange={(event) => navigate(agreementUrl.changed({ unresolved: event.target.checked }), { replace: true })} />
        Unresolved only
      </label>
      <TableDownload name={`disagreements-${kind}`} columns={columnsOf(kind)} rows={items} />
      {items.length === 0 ? (
        <p className="text-soft">
          {multi === 0 ? 'No item has votes from two annotators yet.' : total === 0 ? 'No disagreement: the annotators agree on every item they share.' : 'Every disagreement is resolved.'}
        </p>
      ) : (
        <ol className="agreement-list-items" ref={list}>
          {items.map((item) => {
            const caption = itemCaption(kind, item.item);
            return (
              <li key={item.item}>
                <Link href={agreementUrl.changed({ item: item.item })} aria-current={item.item === openItem ? 'true' : undefined}
                  data-item={item.item} data-state={item.adjudicated ? 'resolved' : 'unresolved'} data-skipped={skipped.has(item.item) || undefined}>
                  <span className="agreement-list-target">
                    <span className="mono"><LogText text={caption.target} shown={120} more={false} /></span>
                    {caption.asset && <span className="mono text-soft"> · <LogText text={caption.asset} shown={120} more={false} /></span>}
                  </span>
                  <span className="agreement-list-votes">
                    {item.votes.map((vote) => (
                      <span key={vote.annotator} className="agreement-vote" title={`${vote.annotator}: ${valueName(kind, vote.value)}`}>
                        <span className="agreement-vote-who"><LogText text={vote.annotator} shown={40} more={false} /></span> {shortValue(kind, vote.value)}
                      </span>
                    ))}
                  </span>
                  {item.adjudicated
                    ? <span className="badge soft" title={`Adjudicated: ${valueName(kind, item.adjudicated_value ?? '')}`}>✓ {shortValue(kind, item.adjudicated_value ?? '')}</span>
                    : <span className="badge warn">{skipped.has(item.item) ? 'skipped' : 'open'}</span>}
                </Link>
              </li>
            );
          })}
        </ol>
      )}
    </nav>
  );
}
