import { Panel } from '../../components/Panel';
import { pluralize } from '../../lib/format';
import type { CompareView } from '../../links/compare';
import type { SettledCompare } from '../../queries/compare';
import { CompareDownload } from './CompareDownload';
import { TIER2_FIGURES, tier1Figures } from './figures';
import { FigureTable } from './FigureTable';
import { MatrixPair } from './MatrixPair';
import { PairedPanel } from './PairedPanel';
import { QueryRetrievals } from './QueryRetrievals';
import { RoleBreakdown } from './RoleBreakdown';
import { describeSlice, sliceSettingsOrErrors } from './url';

/** Everything computed for two slices: side by side, the matrices, the paired test, the open query. */
export function CompareResults({ settled, view, recomputing }: { settled: SettledCompare; view: CompareView; recomputing: boolean }) {
  const { result, base, a, b } = settled;
  const { tier1, tier2 } = result.report;
  const k = base.k;
  const settingsA = sliceSettingsOrErrors(base, a).settings;
  const settingsB = sliceSettingsOrErrors(base, b).settings;
  const emptySides = (['a', 'b'] as const).filter((side) => tier1.retrievals?.[side] === 0);
  return (
    <>
      <Panel id="compare.side-by-side" title="Side by side" recomputing={recomputing}
        question="Every Tier 1 and Tier 2 figure of each slice, with B − A: green where B is better, red where it is worse (↓ marks figures where lower is better). Each rate shows the count it is taken over."
        actions={<CompareDownload report={result.report} disabled={recomputing} />}>
        <p className="cmp-versus" data-testid="compare.versus">
          <span className="cmp-badge cmp-badge-a">A</span> {describeSlice(a)} <span className="text-soft">·</span>{' '}
          {pluralize(tier1.retrievals?.a ?? 0, 'retrieval')}
          <span className="cmp-vs">vs</span>
          <span className="cmp-badge cmp-badge-b">B</span> {describeSlice(b)} <span className="text-soft">·</span>{' '}
          {pluralize(tier1.retrievals?.b ?? 0, 'retrieval')}
        </p>
        {emptySides.map((side) => (
          <p key={side} className="cmp-empty" data-testid={`compare.empty-${side}`}>
            Slice {side.toUpperCase()} has no retrieval: every rate of it is “—”. Widen its filters above.
          </p>
        ))}
        <div className="cmp-two">
          <FigureTable id="tier1" title="Tier 1 · retriever quality" figures={tier1Figures(k)} values={tier1} />
          <FigureTable id="tier2" title="Tier 2 · usage and failure signals" figures={TIER2_FIGURES} values={tier2} />
        </div>
        <RoleBreakdown byRole={result.byRole} k={k} />
      </Panel>
      <Panel id="compare.matrix" title="Where failures hide, A and B" recomputing={recomputing}
        question="Judged retrievals of each slice by Tier 1 quality and observed failure: a masked failure is a bad result nobody complained about.">
        <MatrixPair matrix={result.matrix} />
      </Panel>
      <PairedPanel result={result} slices={{ a, b }} k={k} metric={view.metric} open={view.query} recomputing={recomputing} />
      {view.query !== null && settingsA && settingsB && <QueryRetrievals query={view.query} settings={{ a: settingsA, b: settingsB }} />}
    </>
  );
}
