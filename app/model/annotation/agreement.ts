import { LABEL_KINDS, type LabelKind } from '../../schema/given-label';
import { CohenTally, FleissTally } from './kappa';

/**
 * Annotation agreement (docs/metrics.md, "Annotation agreement"), from the votes the SQL selects
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

const disagrees = (byAnnotator: ReadonlyMap<string, string>) => byAnnotator.size >= 2 && new Set(byAnnotator.values()).size > 1;

/** One kind's agreement, added item by item (each item's latest vote per annotator). */
class KindTally {
  private items = 0;
  private readonly annotators = new Set<string>();
  private multi = 0;
  private disagreements = 0;
  private unresolved = 0;
  private readonly fleiss = new FleissTally();
  /** Per pair of annotators (names sorted), their values on the items they share. */
  private readonly pairs = new Map<string, CohenTally>();

  constructor(private readonly adjudicated: ReadonlySet<string>) {}

  add(item: string, byAnnotator: ReadonlyMap<string, string>): void {
    this.items++;
    for (const name of byAnnotator.keys()) this.annotators.add(name);
    if (byAnnotator.size >= 2) {
      this.multi++;
      this.fleiss.add([...byAnnotator.values()]);
    }
    if (disagrees(byAnnotator)) {
      this.disagreements++;
      if (!this.adjudicated.has(item)) this.unresolved++;
    }
    const names = [...byAnnotator.keys()].sort();
    names.forEach((a, i) => {
      for (const b of names.slice(i + 1)) {
        const key = pairKey(a, b);
        let pair = this.pairs.get(key);
        if (!pair) this.pairs.set(key, (pair = new CohenTally()));
        pair.add(byAnnotator.get(a)!, byAnnotator.get(b)!);
      }
    });
  }

  result(): KindAgreement {
    const pairs = [...this.pairs].sort(([x], [y]) => byText(x, y));
    return {
      items: this.items,
      annotators: this.annotators.size,
      multi: this.multi,
      disagreements: this.disagreements,
      unresolved: this.unresolved,
      fleiss_kappa: this.annotators.size >= 3 ? this.fleiss.kappa() : null,
      pairs: Object.fromEntries(pairs.map(([key, pair]) => [key, { items: pair.items, kappa: pair.kappa() }])),
    };
  }
}

/**
 * The report's `agreement`, folded from votes that come grouped by (kind, item) — the order of
 * agreementVotesQuery — one item at a time, so that no more than a page of votes is held (100M
 * events carry about 12M votes).
 */
export class AgreementTally {
  private readonly kinds: Map<string, KindTally>;
  private current: { kind: string; item: string; byAnnotator: Map<string, string> } | null = null;

  constructor(adjudicated: readonly AdjudicatedItem[]) {
    this.kinds = new Map(LABEL_KINDS.map((kind) => [kind, new KindTally(new Set(adjudicated.filter((row) => row.kind === kind).map((row) => row.item)))]));
  }

  /** Adds one kind's item whole (a repeated annotator keeps the last vote). */
  addItem(kind: string, item: string, byAnnotator: ReadonlyMap<string, string>): void {
    this.kinds.get(kind)?.add(item, byAnnotator);
  }

  /** Adds a vote; the votes of one (kind, item) must come one after another. */
  add(vote: AgreementVote): void {
    const current = this.current;
    if (current && current.kind === vote.kind && current.item === vote.item) {
      current.byAnnotator.set(vote.annotator, vote.value);
      return;
    }
    this.flush();
    this.current = { kind: vote.kind, item: vote.item, byAnnotator: new Map([[vote.annotator, vote.value]]) };
  }

  private flush(): void {
    if (this.current) this.addItem(this.current.kind, this.current.item, this.current.byAnnotator);
    this.current = null;
  }

  /** Every kind, with zeros and no pairs when a kind has no votes. */
  report(): AgreementReport {
    this.flush();
    return Object.fromEntries(LABEL_KINDS.map((kind) => [kind, this.kinds.get(kind)!.result()])) as AgreementReport;
  }
}

/** The report's `agreement` from votes in any order. */
export function agreementReport(votes: readonly AgreementVote[], adjudicated: readonly AdjudicatedItem[]): AgreementReport {
  const tally = new AgreementTally(adjudicated);
  for (const kind of LABEL_KINDS) for (const [item, byAnnotator] of votesByItem(votes, kind)) tally.addItem(kind, item, byAnnotator);
  return tally.report();
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
