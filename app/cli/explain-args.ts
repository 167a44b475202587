import { optionsNamed, type CommandLine, type OptionsTable } from '../lib/command-options';
import { DEFAULT_MIN_SUPPORT, EXPLAIN_SIGNALS, isExplainSignal, type ExplainSignal } from '../model/explain/signals';

export type ExplainArgs = { signal: ExplainSignal; minSupport: number } | null;

export const EXPLAIN_OPTIONS = {
  explain: {
    value: 'SIGNAL',
    help: [
      `where SIGNAL concentrates (${EXPLAIN_SIGNALS.join(', ')}): the slices (attribute = value,`,
      'and pairs) whose rate is significantly above the overall rate, by lift; the report gains `explain`',
    ],
  },
  'min-support': { value: 'N', help: 'with --explain: only slices of N or more retrievals', default: DEFAULT_MIN_SUPPORT },
} satisfies OptionsTable;

/** `--explain SIGNAL` and `--min-support N` of `report`'s command line. */
export function parseExplainArgs(line: CommandLine): { explain: ExplainArgs } | { error: string } {
  let signal: ExplainSignal | undefined;
  let minSupport: number | undefined;
  for (const { name, value } of optionsNamed(line, Object.keys(EXPLAIN_OPTIONS))) {
    if (value === undefined || value === '') return { error: `--${name} needs a value` };
    if (name === 'explain') {
      if (!isExplainSignal(value)) return { error: `--explain takes one of ${EXPLAIN_SIGNALS.join(', ')}, not "${value}"` };
      signal = value;
    } else if (!/^[1-9]\d*$/.test(value)) return { error: `--min-support takes a whole number of 1 or more, not "${value}"` };
    else minSupport = Number(value);
  }
  if (signal === undefined) return minSupport === undefined ? { explain: null } : { error: '--min-support needs --explain' };
  return { explain: { signal, minSupport: minSupport ?? DEFAULT_MIN_SUPPORT } };
}
