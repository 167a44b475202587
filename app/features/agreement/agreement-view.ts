import type { AnnotatorLabelCountRow } from '../../engine/sql/annotation/annotator-label-counts';
import { pairKey, type DisagreementItem, type KindAgreement } from '../../model/annotation/agreement';
import { parseItemKey, type LabelItem } from '../../model/annotation/item-key';
import type { ItemLabelRow } from '../../model/annotation/item-labels';
import { choicesOf } from '../../components/labeling-keys/values';
import type { Grade, LabelInput, LabelKind, Verdict } from '../../schema/given-label';

/** How the agreement screen names, keys and shows each kind's values (the votes' text values of agreement.ts). */
export const KIND_TITLES: Record<LabelKind, string> = { relevance: 'Relevance', role: 'Role', intent: 'Intent', answer_review: 'Answer review' };

/** The value keys are those of every labeling screen (components/labeling-keys/values.ts). */
export { choicesOf, type Choice } from '../../components/labeling-keys/values';

/** A vote's value as shown in a chip: a grade's number, a role, yes/no, a verdict. */
export const shortValue = (kind: LabelKind, value: string) => (kind === 'intent' ? (value === 'true' ? 'yes' : 'no') : value);

/** A vote's value in words (a tooltip, a matrix header). */
export const valueName = (kind: LabelKind, value: string) => choicesOf(kind).find((choice) => choice.value === value)?.name ?? value;

/**
 * The adjudicated label that settles `item` with `value`; null for a relevance item labeled by
 * query, which a label given here (always by retrieval) cannot settle. An intent adjudication
 * carries the intents of the latest label with the same answer (none when nobody gave them).
 */
export function adjudicationInput(item: LabelItem, value: string, labels: readonly ItemLabelRow[], note = ''): LabelInput | null {
  const common = { adjudicated: true, ...(note.trim() ? { note: note.trim() } : {}) } as const;
  if (item.kind === 'relevance') {
    if (item.retrieval_id === undefined) return null;
    return { ...common, kind: 'relevance', retrieval_id: item.retrieval_id, asset_id: item.asset_id, grade: Number(value) as Grade };
  }
  if (item.kind === 'role') return { ...common, kind: 'role', retrieval_id: item.id, role: value };
  if (item.kind === 'answer_review') return { ...common, kind: 'answer_review', target_event_id: item.id, verdict: value as Verdict };
  const yes = value === 'true';
  const same = labels.findLast((label) => label.kind === 'intent' && label.retrieval_intent === yes);
  return { ...common, kind: 'intent', turn_id: item.id, retrieval_intent: yes, intents: same?.intents ?? [] };
}

export interface AnnotatorRow {
  annotator: string;
  /** Items labeled: distinct items voted on, adjudications aside (annotator-label-counts.ts, as every screen counts them). */
  items: number;
  /** Labels given: every label of the kind, superseded ones and adjudications included. */
  labels: number;
  adjudications: number;
  givenHere: number;
}

/** Everyone who labeled the kind under a name (voters and adjudicators), by name, with the counts every screen shows. */
export function annotatorRows(kind: LabelKind, counts: readonly AnnotatorLabelCountRow[]): AnnotatorRow[] {
  return counts
    .filter((count): count is AnnotatorLabelCountRow & { annotator: string } => count.kind === kind && count.annotator !== null)
    .map((count) => ({ annotator: count.annotator, items: count.items, labels: count.labels, adjudications: count.adjudications, givenHere: count.given_here }))
    .sort((a, b) => (a.annotator < b.annotator ? -1 : a.annotator > b.annotator ? 1 : 0));
}

/** The pair asked for when the kind has it, else the pair sharing the most items (ties: first by key). */
export function pickPair(agreement: KindAgreement, requested: string | null): string | null {
  if (requested !== null && requested in agreement.pairs) return requested;
  const pairs = Object.entries(agreement.pairs);
  return pairs.reduce<[string, number] | null>((best, [key, pair]) => (best === null || pair.items > best[1] ? [key, pair.items] : best), null)?.[0] ?? null;
}

/** The two names (sorted) behind a pair key; null when no two of `annotators` make it (a name may hold `|`). */
export function pairNames(key: string, annotators: readonly string[]): [string, string] | null {
  for (const a of annotators) {
    for (const b of annotators) if (a < b && pairKey(a, b) === key) return [a, b];
  }
  return null;
}

/** The list as shown: every disagreement, or the unresolved ones plus those kept on screen (resolved here, or open). */
export function visibleDisagreements(items: readonly DisagreementItem[], unresolvedOnly: boolean, keep: ReadonlySet<string>): DisagreementItem[] {
  return unresolvedOnly ? items.filter((item) => !item.adjudicated || keep.has(item.item)) : [...items];
}

/** The item `delta` places from `current` in the list (the first one from none); null past either end. */
export function stepItem(items: readonly DisagreementItem[], current: string | null, delta: 1 | -1): string | null {
  const index = current === null ? -1 : items.findIndex((item) => item.item === current);
  if (index === -1) return delta === 1 ? items[0]?.item ?? null : items.at(-1)?.item ?? null;
  return items[index + delta]?.item ?? null;
}

/** κ with two decimals; "—" when undefined. */
export const kappaText = (kappa: number | null) => (kappa === null ? '—' : kappa.toFixed(2));

/** What a list row names: the retrieval (or the query) and the asset of a relevance item, else the id. */
export function itemCaption(kind: LabelKind, key: string): { target: string; asset: string | null; byQuery: boolean } {
  const item = parseItemKey(kind, key);
  if (item === null) return { target: key, asset: null, byQuery: false };
  if (item.kind !== 'relevance') return { target: item.id, asset: null, byQuery: false };
  return item.retrieval_id !== undefined
    ? { target: item.retrieval_id, asset: item.asset_id, byQuery: false }
    : { target: `“${item.query}”`, asset: item.asset_id, byQuery: true };
}
