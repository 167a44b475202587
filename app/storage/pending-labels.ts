import { readGivenLabel, type GivenLabel } from '../schema/given-label';

const KEY = 'retrieval-inspector:labels-pending';

/**
 * A write-ahead copy of the labels whose IndexedDB write has not completed yet. IndexedDB aborts
 * a transaction still running when the page unloads, so a reload right after a keypress could lose
 * the label; localStorage writes synchronously, before the click handler returns. The next start
 * moves what is here into the journal (label-journal.ts).
 */
export const pendingLabels = {
  read(): GivenLabel[] {
    try {
      const parsed: unknown = JSON.parse(window.localStorage?.getItem(KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.map(readGivenLabel).filter((label): label is GivenLabel => label !== null) : [];
    } catch {
      return [];
    }
  },
  add(label: GivenLabel): void {
    this.write([...this.read(), label]);
  },
  remove(eventIds: readonly string[]): void {
    const gone = new Set(eventIds);
    this.write(this.read().filter((label) => !gone.has(label.event_id)));
  },
  write(labels: readonly GivenLabel[]): void {
    try {
      if (labels.length === 0) window.localStorage?.removeItem(KEY);
      else window.localStorage?.setItem(KEY, JSON.stringify(labels));
    } catch {
      // storage full or refused: the IndexedDB write still goes on, as before this copy existed
    }
  },
};
