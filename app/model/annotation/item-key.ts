import type { LabelKind } from '../../schema/given-label';

/**
 * The item a label judges, as one string key (docs/metrics.md, "Annotation agreement"). Role, intent
 * and answer-review items are their id (retrieval_id, turn_id, target_event_id). A relevance
 * item is `retrieval|<retrieval_id>|<asset_id>` or, for a label given by `query` (not expanded
 * to the retrievals with that query), `query|<query>|<asset_id>`, each part with `%` written
 * `%25` and `|` written `%7C`: the two forms never collide and always split back, whatever the
 * ids hold. The SQL (engine/sql/annotation/label-votes.ts) writes the same text. (Not JSON:
 * DuckDB's JSON functions are an extension duckdb-wasm would have to fetch.)
 */
export type LabelItem =
  | { kind: 'relevance'; retrieval_id: string; query?: undefined; asset_id: string }
  | { kind: 'relevance'; retrieval_id?: undefined; query: string; asset_id: string }
  | { kind: 'role' | 'intent' | 'answer_review'; id: string };

const escapePart = (part: string) => part.replaceAll('%', '%25').replaceAll('|', '%7C');
const unescapePart = (part: string) => part.replace(/%(25|7C)/g, (_, code: string) => (code === '25' ? '%' : '|'));

export function itemKey(item: LabelItem): string {
  if (item.kind !== 'relevance') return item.id;
  const [form, id] = item.retrieval_id !== undefined ? ['retrieval', item.retrieval_id] : ['query', item.query];
  return [form, escapePart(id), escapePart(item.asset_id)].join('|');
}

/** The item behind a key of this kind; null when a relevance key is not one `itemKey` writes. */
export function parseItemKey(kind: LabelKind, key: string): LabelItem | null {
  if (kind !== 'relevance') return { kind, id: key };
  const parts = key.split('|');
  if (parts.length !== 3) return null;
  const [form, id, asset] = parts.map(unescapePart);
  if (form === 'retrieval') return { kind, retrieval_id: id, asset_id: asset };
  if (form === 'query') return { kind, query: id, asset_id: asset };
  return null;
}
