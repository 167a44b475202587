import { LABEL_KINDS, type LabelKind } from '../../schema/given-label';
import { cohenKappa, fleissKappa } from './kappa';

/**
 * Annotation agreement (metrics.md, "Annotation agreement"), from the votes the SQL selects
 * (engine/sql/annotation/agreement-votes.ts): labels that name an annotator and are not
 * adjudicated, each annotator's latest per item. Item keys: see item-key.ts.
 */
export interface AgreementVote {
  kind: string;
  item: string;
  annotator: string;
  /** The judged value as text: a grade '0'–'3', a role, 'true'/'false', a verdict. */
  value: string;
}

/** An item with an adjudicated label; `value` is the latest adjudicated value (the resolved one). */
export interface AdjudicatedItem {
  kind: string;
  item: string;
  value?: string | null;
}

export interface PairAgreement {
  items: number;
  kappa: number | null;
}

export interface KindAgreement {
  items: number;
  annotators: number;
  multi: number;
  disagreements: number;
  unresolved: number;
  fleiss_kappa: number | null;
  pairs: Record<string, PairAgreement>;
}

export type AgreementReport = Record<LabelKind, KindAgreement>;

/** The `pairs` key of two annotators: their names sorted (plain string order), joined by `|`. */
export function pairKey(a: string, b: string): string {
  return [a, b].sort().join('|');
}

/** item → annotator → value, for one kind; a repeated (item, annotator) keeps the last vote. */
function votesByItem(votes: readonly AgreementVote[], kind: string): Map<string, Map<string, string>> {
  const items = new Map<string, Map<string, string>>();
  for (const vote of votes) {
    if (vote.kind !== kind) continue;
    const byAnnotator = items.get(vote.item) ?? new Map<string, string>();
    byAnnotator.set(vote.annotator, vote.value);
    items.set(vote.item, byAnnotator);
  }
  return items;
}

/** Plain string order (UTF-16 code units), as `Array.prototype.sort` without a comparator. */
const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

const disagrees = (byAnnotator: Map<string, string>) => byAnnotator.size >= 2 && new Set(byAnnotator.values()).size > 1;

/** Per pair of annotators (names sorted), their values on each item they share: [a's, b's]. */
function sharedByPair(items: Map<string, Map<string, string>>): Map<string, [string, string][]> {
  const pairs = new Map<string, [string, string][]>();
  for (const byAnnotator of items.values()) {
    const names = [...byAnnotator.keys()].sort();
    names.forEach((a, i) => {
      for (const b of names.slice(i + 1)) {
        const key = pairKey(a, b);
        if (!pairs.has(key)) pairs.set(key, []);
        pairs.get(key)!.push([byAnnotator.get(a)!, byAnnotator.get(b)!]);
      }
    });
  }
  return pairs;
}

function kindAgreement(items: Map<string, Map<string, string>>, adjudicated: Set<string>): KindAgreement {
  const annotators = new Set([...items.values()].flatMap((byAnnotator) => [...byAnnotator.keys()]));
  const multiItems = [...items.values()].filter((byAnnotator) => byAnnotator.size >= 2);
  const disagreeing = [...items].filter(([, byAnnotator]) => disagrees(byAnnotator));
  const pairs = [...sharedByPair(items)].sort(([x], [y]) => byText(x, y));
  return {
    items: items.size,
    annotators: annotators.size,
    multi: multiItems.length,
    disagreements: disagreeing.length,
    unresolved: disagreeing.filter(([item]) => !adjudicated.has(item)).length,
    fleiss_kappa: annotators.size >= 3 ? fleissKappa(multiItems.map((v) => [...v.values()])) : null,
    pairs: Object.fromEntries(pairs.map(([key, shared]) => [key, { items: shared.length, kappa: cohenKappa(shared) }])),
  };
}

/** The report's `agreement`: every kind, with zeros and no pairs when a kind has no votes. */
export function agreementReport(votes: readonly AgreementVote[], adjudicated: readonly AdjudicatedItem[]): AgreementReport {
  const entries = LABEL_KINDS.map((kind) => {
    const settled = new Set(adjudicated.filter((row) => row.kind === kind).map((row) => row.item));
    return [kind, kindAgreement(votesByItem(votes, kind), settled)] as const;
  });
  return Object.fromEntries(entries) as AgreementReport;
}

export interface ConfusionMatrix {
  /** The categories either annotator used on their shared items, sorted. */
  values: string[];
  /** counts[i][j] = shared items that `a` labeled values[i] and `b` labeled values[j]. */
  counts: number[][];
  items: number;
}

/** How two annotators' values on their shared items of one kind cross (rows: `a`, columns: `b`). */
export function confusionMatrix(votes: readonly AgreementVote[], kind: string, a: string, b: string): ConfusionMatrix {
  const shared = [...votesByItem(votes, kind).values()].filter((v) => v.has(a) && v.has(b)).map((v) => [v.get(a)!, v.get(b)!] as const);
  const values = [...new Set(shared.flat())].sort();
  const counts = values.map(() => values.map(() => 0));
  for (const [va, vb] of shared) counts[values.indexOf(va)][values.indexOf(vb)] += 1;
  return { values, counts, items: shared.length };
}

export interface DisagreementItem {
  kind: string;
  item: string;
  /** Each annotator's value, by annotator name (sorted). */
  votes: { annotator: string; value: string }[];
  adjudicated: boolean;
  /** The resolved adjudicated value, null when not adjudicated. */
  adjudicated_value: string | null;
}

/** Every multi item whose annotators disagree (of one kind, or of all), by kind then item key. */
export function disagreementItems(votes: readonly AgreementVote[], adjudicated: readonly AdjudicatedItem[], kind?: LabelKind): DisagreementItem[] {
  const kinds = kind ? [kind] : LABEL_KINDS;
  return kinds.flatMap((k) => {
    const settled = new Map(adjudicated.filter((row) => row.kind === k).map((row) => [row.item, row.value ?? null]));
    return [...votesByItem(votes, k)]
      .filter(([, byAnnotator]) => disagrees(byAnnotator))
      .sort(([x], [y]) => byText(x, y))
      .map(([item, byAnnotator]) => ({
        kind: k,
        item,
        votes: [...byAnnotator].sort(([x], [y]) => byText(x, y)).map(([annotator, value]) => ({ annotator, value })),
        adjudicated: settled.has(item),
        adjudicated_value: settled.get(item) ?? null,
      }));
  });
}
