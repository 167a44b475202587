import { Panel } from '../../components/Panel';
import { LogText } from '../../components/LogText';
import { formatCount } from '../../lib/format';
import type { JudgeReportEntry } from '../../model/annotation/judges';
import { CORRECTED_FIGURES, MIN_HUMAN_OVERLAP, type CorrectedFigure, type CorrectedFigureReport } from '../../model/metrics/judge-corrected';
import type { MetricSettings } from '../../model/metrics/settings';

const FIGURE_LABEL = (k: number): Record<CorrectedFigure, string> => ({ p_at_1: 'P@1', p_at_k: `P@${k}`, ndcg_at_k: `nDCG@${k}`, mrr: 'MRR' });
const score = (value: number) => value.toFixed(3);
const interval = (low: number, high: number) => `[${score(low)}, ${score(high)}]`;

const CAPTION = 'Judge-corrected (prediction-powered): the judge-only mean over J, the retrievals the judge labeled, plus the mean of human − judge '
  + 'over H, those of J that humans labeled too; 95% interval ± 1.96 · sqrt(var_J(judge)/|J| + var_H(human − judge)/|H|). Human only: the mean '
  + 'over H, ± 1.96 · sd/√|H|. Each side scores a retrieval from its own labels alone (unlabeled returned assets not relevant).';

/**
 * Tier 1 graded by each LLM or code judge, corrected by the human labels on part of what it
 * graded (docs/metrics.md, "Judges and humans"), beside the human-only and judge-only figures.
 */
export function JudgeCorrectedPanel({ judges, settings, recomputing }: { judges: Record<string, JudgeReportEntry>; settings: MetricSettings; recomputing: boolean }) {
  const relevanceJudges = Object.entries(judges).filter(([, entry]) => entry.relevance !== undefined);
  if (relevanceJudges.length === 0) return null;
  const labels = FIGURE_LABEL(settings.k);
  return (
    <Panel id="metrics.judges" title="Tier 1 · Judge-corrected" caption={CAPTION} recomputing={recomputing}
      question="Graded by an LLM or code judge: how far off is the judge, and what do the human labels say once its bias is taken out?">
      <p className="judge-caveat" role="note">
        The corrected figure and its interval hold when the retrievals humans labeled are a <strong>random sample</strong> of those the judge labeled.
        Humans who picked hard or easy cases make it biased.
      </p>
      {relevanceJudges.map(([annotator, entry]) => {
        const figures = CORRECTED_FIGURES.filter((figure) => entry.corrected[figure] !== undefined);
        return (
          <div key={annotator} className="judge-corrected" data-judge={annotator}>
            <h3>
              <LogText text={annotator} shown={80} />{' '}
              <span className="text-soft">κ with the human consensus {entry.relevance?.kappa == null ? '—' : entry.relevance.kappa.toFixed(2)} on {formatCount(entry.relevance?.items ?? 0)} assets</span>
            </h3>
            {figures.length === 0 ? (
              <p className="text-soft" data-testid="metrics.judges.too-few">
                Humans labeled fewer than {MIN_HUMAN_OVERLAP} of the retrievals this judge labeled (under these filters): no correction yet.
              </p>
            ) : (
              <table className="data judge-corrected-table" aria-label={`Judge-corrected Tier 1 of ${annotator}`}>
                <thead>
                  <tr>
                    <th>figure</th><th className="num">judge-corrected</th><th className="num">95% interval</th><th className="num">width</th>
                    <th className="num">human only</th><th className="num">95% interval</th><th className="num">width</th>
                    <th className="num">judge only</th><th className="num">|J|</th><th className="num">|H|</th>
                  </tr>
                </thead>
                <tbody>
                  {figures.map((figure) => <FigureRow key={figure} label={labels[figure]} figure={figure} row={entry.corrected[figure]!} />)}
                </tbody>
              </table>
            )}
          </div>
        );
      })}
    </Panel>
  );
}

function FigureRow({ label, figure, row }: { label: string; figure: CorrectedFigure; row: CorrectedFigureReport }) {
  return (
    <tr data-figure={figure}>
      <th scope="row">{label}</th>
      <td className="num" data-testid={`judges.corrected.${figure}.estimate`} data-value={String(row.estimate)}><strong>{score(row.estimate)}</strong></td>
      <td className="num">{interval(row.ci_low, row.ci_high)}</td>
      <td className="num" data-testid={`judges.corrected.${figure}.width`}>{score(row.ci_high - row.ci_low)}</td>
      <td className="num" data-value={String(row.human_only)}>{score(row.human_only)}</td>
      <td className="num">{interval(row.human_ci_low, row.human_ci_high)}</td>
      <td className="num" data-testid={`judges.human.${figure}.width`}>{score(row.human_ci_high - row.human_ci_low)}</td>
      <td className="num">{score(row.judge_only)}</td>
      <td className="num">{formatCount(row.j)}</td>
      <td className="num">{formatCount(row.h)}</td>
    </tr>
  );
}
