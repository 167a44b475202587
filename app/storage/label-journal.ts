import { readGivenLabel, type GivenLabel } from '../schema/given-label';

const DATABASE = 'retrieval-inspector-labels';
const STORE = 'given';
const CHANNEL = 'retrieval-inspector:labels';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open(DATABASE, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'event_id' });
  return request(open);
}

export interface JournalContents {
  labels: GivenLabel[];
  /** Records this version of the app cannot read: kept in the journal, not applied. */
  unreadable: number;
}

/**
 * The labels given in this browser, in IndexedDB: each label is its own record under its own
 * id, written with strict durability before the caller goes on, so a crash right after a
 * keypress loses nothing and two tabs labeling at once never overwrite each other. Tabs tell each
 * other of changes over a BroadcastChannel.
 */
export class LabelJournal {
  private readonly channel = new BroadcastChannel(CHANNEL);

  private constructor(private readonly db: IDBDatabase) {}

  static async open(): Promise<LabelJournal> {
    return new LabelJournal(await openDatabase());
  }

  async read(): Promise<JournalContents> {
    const records = await request(this.db.transaction(STORE, 'readonly').objectStore(STORE).getAll());
    const labels = records.map(readGivenLabel).filter((label): label is GivenLabel => label !== null);
    labels.sort((a, b) => a.ts - b.ts || (a.event_id < b.event_id ? -1 : 1));
    return { labels, unreadable: records.length - labels.length };
  }

  add(label: GivenLabel): Promise<void> {
    return this.write((store) => store.put(label));
  }

  remove(eventIds: readonly string[]): Promise<void> {
    return this.write((store) => eventIds.forEach((id) => store.delete(id)));
  }

  /** Calls `onChange` when another tab changed the journal. */
  subscribe(onChange: () => void): () => void {
    const listener = () => onChange();
    this.channel.addEventListener('message', listener);
    return () => this.channel.removeEventListener('message', listener);
  }

  private async write(change: (store: IDBObjectStore) => void): Promise<void> {
    const transaction = this.db.transaction(STORE, 'readwrite', { durability: 'strict' });
    change(transaction.objectStore(STORE));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error ?? new Error('the label journal write was aborted'));
    });
    this.channel.postMessage('changed');
  }
}
