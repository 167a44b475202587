import { useMemo, useState } from 'react';

export interface FrozenQueue {
  ids: string[];
  /** When the list was made (epoch ms). */
  at: number;
}

const PREFIX = 'retrieval-inspector:annotate-queue:';
/** In memory for moves between screens; in sessionStorage so that a reload of this tab keeps the list. */
const lists = new Map<string, FrozenQueue>();

function stored(key: string): FrozenQueue | null {
  const cached = lists.get(key);
  if (cached) return cached;
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(PREFIX + key) ?? 'null') as FrozenQueue | null;
    if (parsed && Array.isArray(parsed.ids) && typeof parsed.at === 'number') {
      lists.set(key, parsed);
      return parsed;
    }
  } catch {
    // No storage (a private window's quota) or a garbled entry: the list is made again.
  }
  return null;
}

function freeze(key: string, ids: string[]): FrozenQueue {
  const list = { ids, at: Date.now() };
  lists.set(key, list);
  try {
    window.sessionStorage.setItem(PREFIX + key, JSON.stringify(list));
  } catch {
    // Kept in memory only: a reload makes the list again.
  }
  return list;
}

/**
 * The item ids of a queue, made once when the queue is opened and kept under the queue's own
 * key (kind, pick, strata, seed, size, annotator) — not under the dataset version. Each label
 * changes the dataset version and re-runs every query: an "unlabeled" queue made again would
 * lose every item just labeled. `pick` makes the list the first time a key is seen in this tab,
 * or on `rebuild`. Ids no longer among `known` are left out; a list with none left (other logs
 * loaded since) is made again.
 */
export function useFrozenQueue(key: string, pick: () => string[], known: ReadonlySet<string>) {
  const [made, setMade] = useState<{ key: string; list: FrozenQueue } | null>(null);
  let list = made?.key === key ? made.list : stored(key);
  // A list none of whose items is loaded any more belongs to other logs: made again.
  if (list === null || (list.ids.length > 0 && !list.ids.some((id) => known.has(id)))) list = freeze(key, pick());
  if (made?.key !== key || made.list !== list) setMade({ key, list });
  const ids = useMemo(() => list.ids.filter((id) => known.has(id)), [list, known]);
  /** Makes the list again, as `ids` when given. */
  const rebuild = (ids?: string[]) => setMade({ key, list: freeze(key, ids ?? pick()) });
  return { ids, at: list.at, rebuild };
}
