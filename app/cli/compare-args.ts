import { optionsNamed, type CommandLine, type OptionsTable } from '../lib/command-options';
import { isPairedMetric } from '../model/compare/regression-check';
import { parseSlicePairs, sliceSettings, type SliceFilters } from '../model/compare/slice';
import { PAIRED_METRICS, type PairedMetric } from '../model/compare/types';
import type { MetricSettings } from '../model/metrics/settings';
import { DEFAULT_RRF_K, parsePipeline, type Pipeline } from '../model/what-if/pipeline';

export const COMPARE_OPTIONS = {
  a: {
    value: 'KEY=VALUE',
    help: [
      'compare slice A with slice B (both needed; each repeatable): KEY is retriever, run_id,',
      'surface, role, category, from or to; the report gains `compare`: Tier 1 and Tier 2 side by',
      'side, and paired by query the mean delta, 95% bootstrap interval and randomization-test p of',
      'each Tier 1 metric (--k, --tier1-threshold and --used-actions apply to both slices; the other',
      'filters only to the rest of the report)',
    ],
  },
  b: { value: 'KEY=VALUE', help: 'slice B of the comparison, as --a' },
  'what-if': {
    value: 'PIPELINE',
    help: [
      're-rank the logged candidates of the retrievals that logged `stages` and compare with the',
      'logged lists, paired by retrieval (Tier 1 only: nobody saw the what-if lists); PIPELINE is',
      `stage:NAME, rrf:K (K ${DEFAULT_RRF_K} when not given), weighted:W (0–1), norerank or cut:N; the report gains \`what_if\``,
    ],
  },
  'fail-if-worse': {
    value: 'METRIC',
    help: [
      'with --a/--b or --what-if: exit 1 when B (the pipeline) is significantly worse than A (the',
      `logged lists) on METRIC (p < 0.05 and the interval below 0); METRIC is ${PAIRED_METRICS.join(', ')}`,
    ],
  },
} satisfies OptionsTable;

export interface CompareArgs {
  slices: { a: SliceFilters; b: SliceFilters } | null;
  whatIf: Pipeline | null;
  failIfWorse?: PairedMetric;
}

/** No `--a/--b`, no `--what-if`. */
export const NO_COMPARISON: CompareArgs = { slices: null, whatIf: null };

/** `--a k=v`, `--b k=v` (each repeatable, `--a=k=v` too), `--what-if PIPELINE` and `--fail-if-worse METRIC` of the command line. */
export function parseCompareArgs(line: CommandLine, base: MetricSettings): CompareArgs | { error: string } {
  const pairs: Record<'a' | 'b', string[]> = { a: [], b: [] };
  let failIfWorse: PairedMetric | undefined;
  let whatIf: Pipeline | null = null;
  for (const { name, value } of optionsNamed(line, Object.keys(COMPARE_OPTIONS))) {
    if (value === undefined || value === '') return { error: `--${name} needs a value` };
    if (name === 'fail-if-worse') {
      if (!isPairedMetric(value)) return { error: `--fail-if-worse takes one of ${PAIRED_METRICS.join(', ')}, not "${value}"` };
      failIfWorse = value;
    } else if (name === 'what-if') {
      if (whatIf) return { error: '--what-if is given twice: one pipeline a report' };
      const parsed = parsePipeline(value);
      if (!parsed.ok) return { error: `--what-if ${parsed.error}` };
      whatIf = parsed.pipeline;
    } else pairs[name as 'a' | 'b'].push(value);
  }
  const given = (['a', 'b'] as const).filter((side) => pairs[side].length > 0);
  if (given.length === 1) return { error: `--${given[0]} needs --${given[0] === 'a' ? 'b' : 'a'}: a comparison has two slices` };
  if (given.length === 0) return failIfWorse && !whatIf ? { error: '--fail-if-worse needs --a and --b, or --what-if' } : { slices: null, whatIf, failIfWorse };
  const slices: Partial<Record<'a' | 'b', SliceFilters>> = {};
  for (const side of ['a', 'b'] as const) {
    const slice = parseSlicePairs(pairs[side]);
    if (!slice.ok) return { error: `--${side} ${slice.errors.join('; ')}` };
    const settings = sliceSettings(base, slice.slice);
    if (!settings.ok) return { error: `--${side} ${settings.errors.map((error) => error.message).join('; ')}` };
    slices[side] = slice.slice;
  }
  return { slices: { a: slices.a!, b: slices.b! }, whatIf, failIfWorse };
}
