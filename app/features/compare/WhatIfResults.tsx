import { Link } from '../../components/Link';
import { Panel } from '../../components/Panel';
import { pluralize } from '../../lib/format';
import { annotateUrl } from '../../links/annotate';
import type { CompareView } from '../../links/compare';
import { WHAT_IF_LIMITS, type WhatIfResult } from '../../model/what-if/report';
import { ChartHead } from './ChartHead';
import { DeltaChart } from './DeltaChart';
import { pairedLabel, tier1Figures } from './figures';
import { FigureTable } from './FigureTable';
import { LossesGains } from './LossesGains';
import { PairedStats } from './PairedStats';

const percent = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);

/** A what-if: Tier 1 of the logged lists and the pipeline's, paired by retrieval, with bounds, the pool and what it cannot say. */
export function WhatIfResults({ result, k, view, recomputing }: { result: WhatIfResult; k: number; view: CompareView; recomputing: boolean }) {
  const { report, compare } = result;
  const metric = view.metric;
  const label = pairedLabel(metric, k);
  return (
    <>
      <Panel id="compare.what-if" title={`What if: ${report.pipeline}`} recomputing={recomputing}
        question="The lists the retriever logged (A) against the lists the pipeline makes of the same logged candidates (B): the same retrievals, the same labels.">
        <ul className="cmp-what-if-limits" data-testid="compare.what-if-limits">
          {WHAT_IF_LIMITS.map((limit) => <li key={limit}>{limit}</li>)}
        </ul>
        <p className="cmp-versus" data-testid="compare.versus" data-retrievals={report.retrievals}>
          <span className="cmp-badge cmp-badge-a">A</span> the logged lists <span className="cmp-vs">vs</span>
          <span className="cmp-badge cmp-badge-b">B</span> {report.pipeline} <span className="text-soft">·</span>{' '}
          {pluralize(report.retrievals, 'retrieval')} with stages it is defined for
        </p>
        {report.retrievals === 0 ? (
          <p className="cmp-empty" data-testid="compare.what-if-none">
            No loaded retrieval logged the stages this pipeline needs (docs/log-format.md, `stages`): nothing to re-rank.
          </p>
        ) : <FigureTable id="tier1" title="Tier 1 · retriever quality" figures={tier1Figures(k)} values={report.tier1} />}
      </Panel>
      {report.paired.pairs > 0 && (
        <Panel id="compare.paired" title="Paired by retrieval" recomputing={recomputing}
          question="Each judged retrieval's logged list against its re-ranked one. Is the pipeline's mean difference real or noise, and do the labels settle it?">
          <PairedStats result={compare} k={k} />
          <p className="cmp-judged" data-testid="compare.judged" data-a={String(report.judged_at_k.a)} data-b={String(report.judged_at_k.b)} data-pool={report.pool}>
            Judged@{k}: A {percent(report.judged_at_k.a)} · B {percent(report.judged_at_k.b)}
            <span className="text-soft"> · pool: {pluralize(report.pool, 'unlabeled (query, asset) item', 'unlabeled (query, asset) items')} among the first {k} of either list; labeling them settles the bounds</span>
            {report.pool > 0 && (
              <> · <Link href={annotateUrl.href({ queue: 'pool', whatIf: view.whatIf })} data-testid="compare.what-if.label-pool">Label the pool</Link></>
            )}
          </p>
          <ChartHead unit="retrieval" metric={metric} k={k} />
          <DeltaChart queries={compare.queries} metric={metric} label={label} unit="retrieval" />
          <LossesGains queries={compare.queries} metric={metric} label={label} open={view.query} unit="retrieval" />
        </Panel>
      )}
    </>
  );
}
