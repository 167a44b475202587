import { pluralize } from '../lib/format';
import { SIGNAL_NAMES } from '../model/explain/signals';
import { sliceName } from '../model/explain/slices';
import type { ExplainResult } from '../engine/explain-report';
import { formatTable } from './text-table';

/** Slices the text report lists; `--json` has them all. */
const SLICES_SHOWN = 15;

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const qText = (q: number) => (q < 0.0001 ? '< 0.0001' : q.toFixed(4));

/** The text report's "Why here?" section: the top slices as a table. */
export function formatExplainReport({ report, tested, minSupport }: ExplainResult): string[] {
  const { title, population } = SIGNAL_NAMES[report.signal];
  const base = report.population > 0 ? report.hits / report.population : null;
  const lines = [
    `Why here? ${title}: ${pluralize(report.hits, 'hit')} in ${pluralize(report.population, population.replace(/s$/, ''))}`
      + (base === null ? '' : ` (${percent(base)})`),
    `  ${pluralize(tested.length, 'slice')} of ${minSupport} or more retrievals tested; listed: q < 0.05 and rate above ${base === null ? 'the base rate' : percent(base)}, by lift`,
  ];
  if (report.slices.length === 0) return [...lines, '  no slice concentrates this signal'];
  const rows = report.slices.slice(0, SLICES_SHOWN).map((slice) => [
    sliceName(slice.slice), String(slice.n), String(slice.hits), percent(slice.rate), `${percent(slice.ci_low)}–${percent(slice.ci_high)}`,
    `${slice.lift.toFixed(2)}×`, qText(slice.q_value),
  ]);
  const more = report.slices.length > SLICES_SHOWN ? [`  … ${report.slices.length - SLICES_SHOWN} more (--json lists them all)`] : [];
  return [...lines, ...formatTable(['slice', 'n', 'hits', 'rate', '95% interval', 'lift', 'q'], rows, ['left', 'right', 'right', 'right', 'right', 'right', 'right']), ...more];
}
