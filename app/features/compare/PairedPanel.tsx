import { Panel } from '../../components/Panel';
import { pluralize } from '../../lib/format';
import { Link } from '../../components/Link';
import { annotateUrl } from '../../links/annotate';
import type { SliceFilters } from '../../model/compare/slice';
import { type CompareResult, type PairedMetric } from '../../model/compare/types';
import { ChartHead } from './ChartHead';
import { DeltaChart } from './DeltaChart';
import { pairedLabel } from './figures';
import { LossesGains } from './LossesGains';
import { PairedStats } from './PairedStats';

const formatJudged = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);

/** The paired test over the queries both slices judged: counts, statistics, the per-query chart and the extremes. */
export function PairedPanel(props: { result: CompareResult; slices: { a: SliceFilters; b: SliceFilters }; k: number; metric: PairedMetric; open: string | null; recomputing: boolean }) {
  const { result, slices, k, metric, open, recomputing } = props;
  const { pairs } = result.report.paired;
  const label = pairedLabel(metric, k);
  return (
    <Panel id="compare.paired" title="Paired by query" recomputing={recomputing}
      question="A query is paired when both slices judged a retrieval with exactly that text; its value is the mean over those retrievals. Is B's mean difference real or noise?">
      <p className="cmp-pairs" data-testid="compare.pairs" data-pairs={pairs} data-only-a={result.onlyA} data-only-b={result.onlyB}>
        <strong>{pluralize(pairs, 'paired query', 'paired queries')}</strong>
        <span className="text-soft"> · {pluralize(result.onlyA, 'query', 'queries')} judged only in A · {pluralize(result.onlyB, 'query', 'queries')} judged only in B</span>
      </p>
      {pairs === 0 ? (
        <p className="cmp-empty" data-testid="compare.no-pairs">
          No query text was judged in both slices, so nothing can be paired. Label the relevance of the same queries in both
          slices (the Annotate screen), or pick slices that ran the same queries.
        </p>
      ) : (
        <>
          <PairedStats result={result} k={k} />
          <p className="text-soft cmp-method">
            Interval: paired bootstrap, 10,000 resamples of the pairs. p-value: two-sided randomization test over sign flips of the per-query differences.
            Over labelings: B − A whatever grade the unlabeled assets among the first {k} get (not relevant to relevant); settled when that range excludes 0.
          </p>
          <p className="cmp-judged" data-testid="compare.judged" data-a={String(result.report.judged_at_k.a)} data-b={String(result.report.judged_at_k.b)} data-pool={result.report.pool}>
            Judged@{k}: A {formatJudged(result.report.judged_at_k.a)} · B {formatJudged(result.report.judged_at_k.b)}
            <span className="text-soft"> · pool: {pluralize(result.report.pool, 'unlabeled (query, asset) item', 'unlabeled (query, asset) items')} among the first {k} of the paired queries' judged retrievals</span>
            {result.report.pool > 0 && (
              <> · <Link href={annotateUrl.href({ queue: 'pool', a: slices.a, b: slices.b })} data-testid="compare.label-pool">Label the pool</Link>
                <span className="text-soft"> (highest priority first, until each figure is settled)</span></>
            )}
          </p>
          <ChartHead unit="query" metric={metric} k={k} />
          <DeltaChart queries={result.queries} metric={metric} label={label} />
          <LossesGains queries={result.queries} metric={metric} label={label} open={open} />
        </>
      )}
    </Panel>
  );
}
