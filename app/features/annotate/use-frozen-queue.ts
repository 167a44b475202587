import { useState } from 'react';

/**
 * A queue's list, frozen: when it was made (epoch ms) and the item linked to then, which it holds
 * first. The engine picks the list again from these (engine/sql/annotation/queue-pick.ts: labels
 * given here after `at` do not change it), so the list itself is never stored.
 */
export interface FrozenQueue {
  at: number;
  linked: string | null;
}

const PREFIX = 'retrieval-inspector:annotate-queue:';
/** In memory for moves between screens; in sessionStorage so that a reload of this tab keeps the list. */
const lists = new Map<string, FrozenQueue>();

function stored(key: string): FrozenQueue | null {
  const cached = lists.get(key);
  if (cached) return cached;
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(PREFIX + key) ?? 'null') as Partial<FrozenQueue> | null;
    if (parsed && typeof parsed.at === 'number') {
      const list = { at: parsed.at, linked: typeof parsed.linked === 'string' ? parsed.linked : null };
      lists.set(key, list);
      return list;
    }
  } catch {
    // No storage (a private window's quota) or a garbled entry: the list is made again.
  }
  return null;
}

/** A list made now: stored under its key at once, so that it is made once however often the screen renders. */
const madeNow = (linked: string | null): FrozenQueue => ({ at: Date.now(), linked });

function freeze(key: string, list: FrozenQueue): FrozenQueue {
  lists.set(key, list);
  try {
    window.sessionStorage.setItem(PREFIX + key, JSON.stringify(list));
  } catch {
    // Kept in memory only: a reload makes the list again.
  }
  return list;
}

/**
 * The list of a queue, made once when the queue is opened and kept under the queue's own key
 * (kind, pick, strata, seed, size, annotator) — not under the dataset version. Each label
 * changes the dataset version: an "unlabeled" queue made again would lose every item just
 * labeled. Made the first time a key is seen in this tab (with `linked`, the item the link
 * opens), or on `rebuild`.
 */
export function useFrozenQueue(key: string, linked: string | null) {
  const [made, setMade] = useState<{ key: string; list: FrozenQueue } | null>(null);
  let list = made?.key === key ? made.list : stored(key);
  if (list === null) list = freeze(key, madeNow(linked));
  if (made?.key !== key || made.list !== list) setMade({ key, list });
  /** Makes the list again, as of now. */
  const rebuild = () => setMade({ key, list: freeze(key, madeNow(null)) });
  return { ...list, rebuild };
}
