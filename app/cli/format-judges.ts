import type { MetricsReport } from '../model/metrics/report';
import { CORRECTED_FIGURES } from '../model/metrics/judge-corrected';
import { terminalText } from './terminal-text';
import { formatTable } from './text-table';

const cell = (value: number | null | undefined) => (value == null ? '—' : value.toFixed(4));

/**
 * The report's `judges` in text (docs/metrics.md, "Judges and humans"): each judge's κ with the human
 * consensus per label kind, then its judge-corrected Tier 1 beside the human-only and judge-only
 * figures with both interval widths. Nothing without judges.
 */
export function judgesLines({ judges }: MetricsReport, k: number): string[] {
  if (!judges) return [];
  const entries = Object.entries(judges);
  const kinds = entries.flatMap(([annotator, entry]) => Object.entries(entry)
    .filter(([kind]) => kind !== 'corrected')
    .map(([kind, figures]) => {
      const { items, kappa, kappa_binary: binary } = figures as { items: number; kappa: number | null; kappa_binary?: number | null };
      return [terminalText(annotator), kind, String(items), cell(kappa), binary === undefined ? '' : cell(binary)];
    }));
  const name = (figure: string) => ({ p_at_1: 'P@1', p_at_k: `P@${k}`, ndcg_at_k: `nDCG@${k}`, mrr: 'MRR' })[figure] ?? figure;
  const corrected = entries.flatMap(([annotator, entry]) => CORRECTED_FIGURES.flatMap((figure) => {
    const c = entry.corrected[figure];
    return c ? [[terminalText(annotator), name(figure), cell(c.estimate), `[${cell(c.ci_low)}, ${cell(c.ci_high)}]`, cell(c.ci_high - c.ci_low),
      cell(c.human_only), cell(c.human_ci_high - c.human_ci_low), cell(c.judge_only), String(c.j), String(c.h)]] : [];
  }));
  const lines = [
    'Judges against the human consensus (annotators whose labels say annotator_kind llm or code)',
    ...formatTable(['judge', 'kind', 'items', 'κ', 'binary κ'], kinds, ['left', 'left', 'right', 'right', 'right']),
  ];
  if (corrected.length > 0) {
    lines.push('', 'Judge-corrected Tier 1 (prediction-powered; valid when the human-labeled retrievals are a random sample of the judge\'s)',
      ...formatTable(['judge', 'figure', 'corrected', '95% interval', 'width', 'human only', 'width', 'judge only', '|J|', '|H|'], corrected,
        ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right']));
  }
  return ['', ...lines];
}
