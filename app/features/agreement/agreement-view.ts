import type { AnnotatorLabelCountRow } from '../../engine/sql/annotation/agreement-item';
import { pairKey, type AgreementVote, type DisagreementItem, type KindAgreement } from '../../model/annotation/agreement';
import { parseItemKey, type LabelItem } from '../../model/annotation/item-key';
import type { ItemLabelRow } from '../../model/annotation/item-labels';
import { GRADES, RETRIEVAL_ROLES, VERDICTS, type Grade, type LabelInput, type LabelKind, type Verdict } from '../../schema/given-label';

/** How the agreement screen names, keys and shows each kind's values (the votes' text values of agreement.ts). */
export const KIND_TITLES: Record<LabelKind, string> = { relevance: 'Relevance', role: 'Role', intent: 'Intent', answer_review: 'Answer review' };

const GRADE_NAMES: Record<Grade, string> = { 0: 'not relevant', 1: 'marginal', 2: 'relevant', 3: 'highly relevant' };

/** One value an adjudicator can give: the key that gives it, the vote's value text, its name. */
export interface Choice {
  key: string;
  value: string;
  name: string;
}

/** The keys are those of the other screens: grades 0–3, roles 1–6, intent y/n, verdicts 1–4. */
export function choicesOf(kind: LabelKind): Choice[] {
  switch (kind) {
    case 'relevance':
      return GRADES.map((grade) => ({ key: String(grade), value: String(grade), name: `${grade} ${GRADE_NAMES[grade]}` }));
    case 'role':
      return RETRIEVAL_ROLES.map((role, i) => ({ key: String(i + 1), value: role, name: role }));
    case 'intent':
      return [{ key: 'y', value: 'true', name: 'needs retrieval' }, { key: 'n', value: 'false', name: 'no retrieval needed' }];
    case 'answer_review':
      return VERDICTS.map((verdict, i) => ({ key: String(i + 1), value: verdict, name: verdict }));
  }
}

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
  /** Items voted on (agreement votes: latest label per item, adjudications aside). */
  items: number;
  /** Every label of the kind, re-labels and adjudications included. */
  labels: number;
  adjudications: number;
  givenHere: number;
}

/** Everyone who labeled the kind under a name: voters and adjudicators, by name. */
export function annotatorRows(kind: LabelKind, votes: readonly AgreementVote[], counts: readonly AnnotatorLabelCountRow[]): AnnotatorRow[] {
  const rows = new Map<string, AnnotatorRow>();
  const row = (annotator: string) => rows.get(annotator) ?? rows.set(annotator, { annotator, items: 0, labels: 0, adjudications: 0, givenHere: 0 }).get(annotator)!;
  for (const vote of votes) if (vote.kind === kind) row(vote.annotator).items += 1;
  for (const count of counts) {
    if (count.kind !== kind) continue;
    Object.assign(row(count.annotator), { labels: count.labels, adjudications: count.adjudications, givenHere: count.given_here });
  }
  return [...rows.values()].sort((a, b) => (a.annotator < b.annotator ? -1 : a.annotator > b.annotator ? 1 : 0));
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
