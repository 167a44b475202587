import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from '../../components/Link';
import { formatCount, formatTimestamp } from '../../lib/format';
import { annotateUrl } from '../../links/annotate';
import { ITEMS_LABELED_TEXT, LABELS_GIVEN_TEXT } from '../../model/annotation/label-count-texts';
import { useDataset } from '../../session/dataset';
import { annotatorLabelCountsOptions } from '../../queries/label-counts';
import type { QueueWindowRow } from '../../engine/sql/annotation/queue-pick';
import { NO_ANNOTATOR, labeledBy, type ItemState, type QueueKind, type QueueProgress } from '../../model/annotation/queue';

interface QueueSideProps {
  kind: QueueKind;
  /** The items of the queue read around the open one (a window of the list), by position. */
  rows: readonly QueueWindowRow[];
  total: number;
  /** The open item's position in the queue; -1 when it is not in it. */
  index: number;
  itemId: string | null;
  byId: ReadonlyMap<string, QueueWindowRow>;
  states: ReadonlyMap<string, ItemState>;
  annotator: string;
  skipped: ReadonlySet<string>;
  progress: QueueProgress;
  frozenAt: number | null;
  onRebuild(): void;
}

/** Items shown around the open one: the list can hold thousands. */
const BEFORE = 8;
const AFTER = 20;

type ItemMark = 'done' | 'started' | 'skipped' | 'others' | 'open';
const STATE_TITLE: Record<ItemMark, string> = {
  done: 'labeled by you', started: 'partly graded by you', skipped: 'skipped', others: 'labeled by others only', open: 'no label yet',
};
const STATE_MARK: Record<ItemMark, string> = { done: '✓', started: '◐', skipped: '↷', others: '•', open: '' };

/** The queue's progress, the items around the open one with their state, and labels per annotator of this kind. */
export function QueueSide({ kind, rows, total, index, itemId, byId, states, annotator, skipped, progress, frozenAt, onRebuild }: QueueSideProps) {
  const at = Math.max(itemId === null ? total : index, 0);
  const from = Math.max(0, at - BEFORE);
  const shown = rows.filter((row) => row.pos >= from && row.pos < at + AFTER).map((row) => row.item_id);
  // the one count of labels given and items labeled, as Overview and Agreement show it
  const counts = useQuery(annotatorLabelCountsOptions(useDataset()));
  const totals = (counts.data ?? []).filter((row) => row.kind === kind)
    .map((row) => ({ annotator: row.annotator ?? NO_ANNOTATOR, labels: row.labels, items: row.items }))
    .sort((a, b) => b.labels - a.labels || (a.annotator < b.annotator ? -1 : 1));
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [itemId]);
  return (
    <aside className="panel annotate-side" aria-label="Queue">
      <div className="annotate-progress" data-testid="annotate.progress" data-done={progress.done} data-total={progress.total}>
        <div><strong>{formatCount(progress.done)}</strong> of {formatCount(progress.total)} labeled by you</div>
        <progress max={Math.max(progress.total, 1)} value={progress.done} aria-label="Queue progress" />
        <div className="text-soft">{formatCount(progress.labeled)} with any label · {formatCount(skipped.size)} skipped</div>
      </div>
      <ol className="annotate-queue-list" start={from + 1} aria-label="Items in this queue" ref={list}>
        {shown.map((id, i) => {
          const candidate = byId.get(id);
          const itemState = states.get(id);
          const done = candidate !== undefined && labeledBy(candidate, itemState, annotator);
          const state: ItemMark = done ? 'done' : itemState?.labeledBy.has(annotator) ? 'started' : skipped.has(id) ? 'skipped' : itemState ? 'others' : 'open';
          return (
            <li key={id}>
              <Link href={annotateUrl.changed({ item: id })} replace aria-current={id === itemId} data-item={id} data-state={state}
                title={STATE_TITLE[state]}>
                <span className="annotate-queue-index">{from + i + 1}</span>
                <span className="annotate-queue-mark" aria-hidden="true">{STATE_MARK[state]}</span>
                <span className="annotate-queue-text">{candidate?.query ?? id}</span>
              </Link>
            </li>
          );
        })}
      </ol>
      {total > from + shown.length && <p className="text-soft annotate-more">… {formatCount(total - from - shown.length)} more</p>}
      <p className="text-soft annotate-frozen">
        List made {frozenAt ? formatTimestamp(frozenAt) : '—'}; it stays as it is while you label.{' '}
        <button type="button" className="link-button" onClick={onRebuild}>Make it again</button>
      </p>
      <h3>Labels per annotator ({kind})</h3>
      {totals.length === 0 ? <p className="text-soft">None yet.</p> : (
        <div className="annotate-annotators-box">
          <table className="data annotate-annotators" aria-label="Labels per annotator">
            <thead><tr><th>annotator</th><th className="num" title={LABELS_GIVEN_TEXT}>labels given</th><th className="num" title={ITEMS_LABELED_TEXT}>items labeled</th></tr></thead>
            <tbody>
              {totals.map((row) => (
                <tr key={row.annotator} aria-current={row.annotator === annotator} data-annotator={row.annotator} data-labels={row.labels} data-items={row.items}>
                  <td>{row.annotator}{row.annotator === annotator && <span className="text-soft"> (you)</span>}</td>
                  <td className="num">{formatCount(row.labels)}</td>
                  <td className="num">{formatCount(row.items)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </aside>
  );
}
