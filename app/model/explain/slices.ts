import { EXPLAIN_ATTRIBUTES, SLICE_SHAPES, type ExplainAttribute, type ExplainSignal } from './signals';
import { benjaminiHochberg, twoProportionPValue, wilsonInterval } from './statistics';

/** One slice the SQL counted (support ≥ min_support): its shape (`SLICE_SHAPES`), values, retrievals and hits. */
export interface SliceCountRow {
  shape: number;
  value1: string;
  value2: string | null;
  n: number;
  hits: number;
}

export type SliceValues = Partial<Record<ExplainAttribute, string>>;

/** A listed slice, as the report's `explain.slices` holds it. */
export interface ExplainSlice {
  slice: SliceValues;
  n: number;
  hits: number;
  rate: number;
  lift: number;
  ci_low: number;
  ci_high: number;
  p_value: number;
  q_value: number;
}

/** The report's `explain` key (docs/metrics.md, "The report"). */
export interface ExplainReport {
  signal: ExplainSignal;
  population: number;
  hits: number;
  /** Slices with q < 0.05 and lift > 1 (a pair only when it explains more than either part), by lift, hits, name. */
  slices: ExplainSlice[];
}

export const Q_LEVEL = 0.05;
/** A pair is listed only when its lift exceeds this many times the lift of each of its two parts. */
export const PAIR_LIFT_MARGIN = 1.1;

/** `role=find & retriever=bm25`: the attributes in their fixed order. */
export function sliceName(slice: SliceValues): string {
  return EXPLAIN_ATTRIBUTES.filter((attribute) => slice[attribute] !== undefined).map((attribute) => `${attribute}=${slice[attribute]}`).join(' & ');
}

function valuesOf(row: SliceCountRow): SliceValues {
  const [first, second] = SLICE_SHAPES[row.shape];
  return second === undefined ? { [first]: row.value1 } : { [first]: row.value1, [second]: row.value2 ?? '' };
}

/** Every tested slice with its statistics (q-values over all of them), in no order. */
export function testedSlices(rows: readonly SliceCountRow[], population: number, populationHits: number): ExplainSlice[] {
  const baseRate = population > 0 ? populationHits / population : 0;
  const tested = rows.map((row) => {
    const rate = row.hits / row.n;
    const { low, high } = wilsonInterval(row.hits, row.n);
    return {
      slice: valuesOf(row), n: row.n, hits: row.hits, rate, lift: baseRate > 0 ? rate / baseRate : 0,
      ci_low: low, ci_high: high, p_value: twoProportionPValue(row.hits, row.n, populationHits, population), q_value: 1,
    };
  });
  benjaminiHochberg(tested.map((slice) => slice.p_value)).forEach((q, index) => { tested[index].q_value = q; });
  return tested;
}

const compareNames = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The listed slices of docs/metrics.md: significant, above the base rate, pairs only above both parts; by lift, hits, name. */
export function listedSlices(tested: readonly ExplainSlice[]): ExplainSlice[] {
  const singleLift = new Map(tested.filter((slice) => Object.keys(slice.slice).length === 1).map((slice) => [sliceName(slice.slice), slice.lift]));
  const explainsMore = (slice: ExplainSlice) => {
    const parts = Object.entries(slice.slice);
    if (parts.length === 1) return true;
    return parts.every(([attribute, value]) => slice.lift > PAIR_LIFT_MARGIN * (singleLift.get(`${attribute}=${value}`) ?? Infinity));
  };
  return tested
    .filter((slice) => slice.q_value < Q_LEVEL && slice.lift > 1 && explainsMore(slice))
    .map((slice) => ({ slice, name: sliceName(slice.slice) }))
    .sort((a, b) => b.slice.lift - a.slice.lift || b.slice.hits - a.slice.hits || compareNames(a.name, b.name))
    .map(({ slice }) => slice);
}
