/**
 * docs/metrics.md, "Where a signal concentrates (why here?)": the signals, each over its population
 * of retrievals, and the attributes a slice is made of, in the order a slice's name lists them.
 */
export const EXPLAIN_SIGNALS = ['masked', 'tier1_bad', 'orf', 'empty', 'down'] as const;
export type ExplainSignal = (typeof EXPLAIN_SIGNALS)[number];

export const isExplainSignal = (value: unknown): value is ExplainSignal => EXPLAIN_SIGNALS.includes(value as ExplainSignal);

export const SIGNAL_NAMES: Record<ExplainSignal, { title: string; population: 'judged retrievals' | 'retrievals' }> = {
  masked: { title: 'Masked retrieval failures', population: 'judged retrievals' },
  tier1_bad: { title: 'Tier 1 bad retrievals', population: 'judged retrievals' },
  orf: { title: 'Observable retrieval failures (ORF)', population: 'retrievals' },
  empty: { title: 'Empty results', population: 'retrievals' },
  down: { title: 'Thumbs-down', population: 'retrievals' },
};

export const EXPLAIN_ATTRIBUTES = ['role', 'retriever', 'surface', 'category', 'run_id', 'week', 'rewrite', 'query_words', 'results', 'drift'] as const;
export type ExplainAttribute = (typeof EXPLAIN_ATTRIBUTES)[number];

export const isExplainAttribute = (value: unknown): value is ExplainAttribute => EXPLAIN_ATTRIBUTES.includes(value as ExplainAttribute);

/** The value of a missing attribute. */
export const NONE_VALUE = '(none)';

/** The buckets of `query_words` and `results` (docs/metrics.md), lowest first. */
export const QUERY_WORD_BUCKETS = [{ max: 2, name: '1–2' }, { max: 5, name: '3–5' }, { max: 10, name: '6–10' }, { max: null, name: '11+' }] as const;
export const RESULT_BUCKETS = [{ max: 0, name: '0' }, { max: 4, name: '1–4' }, { max: 9, name: '5–9' }, { max: null, name: '10+' }] as const;

export const DEFAULT_MIN_SUPPORT = 20;

/**
 * Every slice shape: each attribute alone, then each pair of two different attributes (in
 * attribute order). The SQL numbers them 0, 1, … in this order (`shape`).
 */
export const SLICE_SHAPES: readonly (readonly [ExplainAttribute] | readonly [ExplainAttribute, ExplainAttribute])[] = [
  ...EXPLAIN_ATTRIBUTES.map((attribute) => [attribute] as const),
  ...EXPLAIN_ATTRIBUTES.flatMap((first, i) => EXPLAIN_ATTRIBUTES.slice(i + 1).map((second) => [first, second] as const)),
];
