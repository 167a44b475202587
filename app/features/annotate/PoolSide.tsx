import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from '../../components/Link';
import { formatCount, formatTimestamp } from '../../lib/format';
import { annotateUrl } from '../../links/annotate';
import type { PoolItemRow } from '../../engine/sql/compare/pool';
import { poolItemKey } from '../../model/compare/pool-queue';

/** Items shown around the open one. */
const BEFORE = 8;
const AFTER = 20;

type PoolMark = 'done' | 'skipped' | 'open';
const MARK: Record<PoolMark, string> = { done: '✓', skipped: '↷', open: '' };
const TITLE: Record<PoolMark, string> = { done: 'graded by you', skipped: 'skipped', open: 'no grade yet' };

interface PoolSideProps {
  items: readonly PoolItemRow[];
  /** The pool's size when the list was made (it may hold more than the list). */
  total: number;
  index: number;
  done(index: number): boolean;
  skipped: ReadonlySet<string>;
  madeAt: number;
  onRebuild(): void;
  /** The comparison's bounds and settled marks. */
  children: ReactNode;
  compareHref: string;
}

/** The pool queue's side: what the labels have settled, then the items around the open one and how the list was made. */
export function PoolSide({ items, total, index, done, skipped, madeAt, onRebuild, children, compareHref }: PoolSideProps) {
  const at = Math.max(index < 0 ? items.length : index, 0);
  const from = Math.max(0, at - BEFORE);
  const shown = items.slice(from, at + AFTER);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [index]);
  return (
    <aside className="panel annotate-side" aria-label="Queue">
      {children}
      <ol className="annotate-queue-list" start={from + 1} aria-label="Items in the pool" ref={list}>
        {shown.map((item, i) => {
          const key = poolItemKey(item);
          const mark: PoolMark = done(from + i) ? 'done' : skipped.has(key) ? 'skipped' : 'open';
          return (
            <li key={key}>
              <Link href={annotateUrl.changed({ item: key })} replace aria-current={from + i === index} data-item={key} data-state={mark} title={TITLE[mark]}>
                <span className="annotate-queue-index">{from + i + 1}</span>
                <span className="annotate-queue-mark" aria-hidden="true">{MARK[mark]}</span>
                <span className="annotate-queue-text">{item.query} <span className="text-soft">· {item.title ?? item.asset_id}</span></span>
              </Link>
            </li>
          );
        })}
      </ol>
      {items.length > from + shown.length && <p className="text-soft annotate-more">… {formatCount(items.length - from - shown.length)} more</p>}
      <p className="text-soft annotate-frozen">
        List made {formatTimestamp(madeAt)}: the first {formatCount(items.length)} of {formatCount(total)} items, in priority order; it stays as it is while
        you grade. <button type="button" className="link-button" onClick={onRebuild}>Make it again</button>
      </p>
      <p className="annotate-frozen"><Link href={compareHref}>Back to the comparison</Link></p>
    </aside>
  );
}
