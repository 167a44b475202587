import { itemKey } from './item-key';

/** One label as the screens show it: the judgment, who gave it, when, and where it came from. */
export interface ItemLabelRow {
  event_id: string;
  kind: 'relevance' | 'role' | 'intent' | 'answer_review';
  retrieval_id: string | null;
  /** Set on a relevance label given for every retrieval with this query (then retrieval_id is the retrieval it applies to). */
  query: string | null;
  asset_id: string | null;
  grade: number | null;
  role: string | null;
  turn_id: string | null;
  retrieval_intent: boolean | null;
  intents: string[] | null;
  target_event_id: string | null;
  verdict: string | null;
  note: string | null;
  annotator: string | null;
  adjudicated: boolean;
  /** Epoch milliseconds; null for a label a file gave without `ts`. */
  ts: number | null;
  /** Position in label order (docs/metrics.md: by ts, labels without ts first, then load order). */
  label_order: number;
  /** Given in this browser (the label journal) rather than read from a file. */
  given_here: boolean;
  /** The file it came from; null when given here. */
  file: string | null;
}

/**
 * The item a label judges, as one key across kinds: the kind, then item-key.ts's key. A label
 * given by query is keyed by the retrieval it applies to (the screens show it on that retrieval).
 */
export function itemKeyOf(label: Pick<ItemLabelRow, 'kind' | 'retrieval_id' | 'asset_id' | 'turn_id' | 'target_event_id'>): string {
  switch (label.kind) {
    case 'relevance':
      return `relevance:${itemKey({ kind: 'relevance', retrieval_id: label.retrieval_id!, asset_id: label.asset_id! })}`;
    case 'role':
      return `role:${itemKey({ kind: 'role', id: label.retrieval_id! })}`;
    case 'intent':
      return `intent:${itemKey({ kind: 'intent', id: label.turn_id! })}`;
    case 'answer_review':
      return `answer_review:${itemKey({ kind: 'answer_review', id: label.target_event_id! })}`;
  }
}

/** The value a label gives, as agreement compares it (docs/metrics.md: grade, role, retrieval_intent, verdict). */
export function labelValue(label: ItemLabelRow): string | null {
  switch (label.kind) {
    case 'relevance':
      return label.grade === null ? null : String(label.grade);
    case 'role':
      return label.role;
    case 'intent':
      return label.retrieval_intent === null ? null : String(label.retrieval_intent);
    case 'answer_review':
      return label.verdict;
  }
}

export interface ItemVotes {
  /** Every label of the item, in label order. */
  labels: ItemLabelRow[];
  /** Each named annotator's latest label that is not an adjudication: the votes agreement compares. */
  byAnnotator: ItemLabelRow[];
  /** The latest adjudicated label, which settles the item. */
  adjudication: ItemLabelRow | null;
  /** Two or more annotators whose latest values differ. */
  disagreement: boolean;
}

/** The labels of one item (all of one kind and key, in label order) read as votes. */
export function itemVotes(labels: ItemLabelRow[]): ItemVotes {
  const latest = new Map<string, ItemLabelRow>();
  let adjudication: ItemLabelRow | null = null;
  for (const label of labels) {
    if (label.adjudicated) adjudication = label;
    else if (label.annotator !== null && labelValue(label) !== null) latest.set(label.annotator, label);
  }
  const byAnnotator = [...latest.values()].sort((a, b) => (a.annotator! < b.annotator! ? -1 : 1));
  const values = new Set(byAnnotator.map(labelValue));
  return { labels, byAnnotator, adjudication, disagreement: byAnnotator.length >= 2 && values.size > 1 };
}

/** Labels grouped by item key (label order kept within each item). */
export function labelsByItem(labels: readonly ItemLabelRow[]): Map<string, ItemLabelRow[]> {
  const items = new Map<string, ItemLabelRow[]>();
  for (const label of labels) {
    const key = itemKeyOf(label);
    if (!items.has(key)) items.set(key, []);
    items.get(key)!.push(label);
  }
  return items;
}
