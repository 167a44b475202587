import { takeOptions } from '../lib/command-options';
import { DEFAULT_MIN_SUPPORT, EXPLAIN_SIGNALS, isExplainSignal, type ExplainSignal } from '../model/explain/signals';

export interface ExplainArgs {
  explain: { signal: ExplainSignal; minSupport: number } | null;
  rest: string[];
}

export const EXPLAIN_USAGE = [
  `  --explain SIGNAL        where SIGNAL concentrates (${EXPLAIN_SIGNALS.join(', ')}): the slices (attribute = value, and`,
  '                          pairs) whose rate is significantly above the overall rate, by lift; the report gains `explain`',
  `  --min-support N         with --explain: only slices of N or more retrievals (default ${DEFAULT_MIN_SUPPORT})`,
];

/** Takes `--explain SIGNAL` and `--min-support N` out of `report`'s arguments. */
export function parseExplainArgs(args: readonly string[]): ExplainArgs | { error: string } {
  let signal: ExplainSignal | undefined;
  let minSupport: number | undefined;
  const { options, rest } = takeOptions(args, (name) => name === '--explain' || name === '--min-support');
  for (const { name, value } of options) {
    if (value === undefined || value === '') return { error: `${name} needs a value` };
    if (name === '--explain') {
      if (!isExplainSignal(value)) return { error: `--explain takes one of ${EXPLAIN_SIGNALS.join(', ')}, not "${value}"` };
      signal = value;
    } else if (!/^[1-9]\d*$/.test(value)) return { error: `--min-support takes a whole number of 1 or more, not "${value}"` };
    else minSupport = Number(value);
  }
  if (signal === undefined) return minSupport === undefined ? { explain: null, rest } : { error: '--min-support needs --explain' };
  return { explain: { signal, minSupport: minSupport ?? DEFAULT_MIN_SUPPORT }, rest };
}
