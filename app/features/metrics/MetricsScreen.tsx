import { useQuery } from '@tanstack/react-query';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { QueryState } from '../../components/QueryState';
import { Link } from '../../components/Link';
import { Recomputing } from '../../components/Recomputing';
import { MATRIX_CELLS, type MatrixCell } from '../../model/metrics/matrix-cells';
import type { Tier3SessionList } from '../../engine/sql/metrics/tier3-sessions';
import { useUrlSearch } from '../../lib/url-state';
import { compareUrl } from '../../links/compare';
import { metricsUrl } from '../../links/metrics';
import { settingsFromSearch } from '../../links/settings';
import { useScreenView } from '../../links/use-screen-view';
import { sliceOfSettings } from '../../model/compare/slice';
import { useDataset } from '../../session/dataset';
import { metricPanelsOptions } from '../../queries/metrics';
import { JudgeCorrectedPanel } from './JudgeCorrectedPanel';
import { MatrixPanel } from './MatrixPanel';
import { ReportDownload } from './ReportDownload';
import './metrics.css';
import { SettingsBar } from './SettingsBar';
import { Tier0Panel } from './Tier0Panel';
import { Tier1Panel } from './Tier1Panel';
import { Tier2Panel } from './Tier2Panel';
import { Tier3Panel } from './Tier3Panel';
import { TrendsPanel } from './TrendsPanel';
import { minSupportOf, WhyHerePanel } from './why-here/WhyHerePanel';
import { hasScreenFilters, settingsCaption } from './url';

const TIER3_LISTS = ['abandoned_by_session', 'abandoned_by_lineage', 'rescued_by_lineage', 'cross_session'];

export default function MetricsScreen() {
  const dataset = useDataset();
  const { settings, errors } = settingsFromSearch(useUrlSearch());
  const view = useScreenView(metricsUrl);
  const panels = useQuery(metricPanelsOptions(dataset, settings));
  const cell = MATRIX_CELLS.includes(view.cell as MatrixCell) ? (view.cell as MatrixCell) : null;
  const tier3List = TIER3_LISTS.includes(view.tier3 ?? '') ? (view.tier3 as Tier3SessionList) : null;

  if (nothingToShow(dataset)) return <EmptyDataset what="The metrics then appear here, tier by tier." />;
  const data = panels.data;
  // While new settings compute, the last panels stay, marked; all they show follows their own settings.
  const recomputing = panels.isPlaceholderData;
  return (
    <div className="metrics-screen" aria-busy={panels.isFetching}>
      <SettingsBar settings={settings} errors={errors} />
      <QueryState query={panels} label="the metrics" />
      {data && (
        <div className="metrics-panels">
          <div className="metrics-head">
            <p className="settings-caption" data-testid="metrics.settings-caption">
              <span className="text-soft">{recomputing ? 'Still showing the numbers for: ' : 'Settings chosen (each section says which filters narrow it): '}</span>
              {settingsCaption(data.settings)}
            </p>
            <Link className="button subtle" href={compareUrl.href({ a: sliceOfSettings(data.settings) })} data-testid="metrics.compare-link">Compare slices…</Link>
            <ReportDownload report={data.report} filtered={hasScreenFilters(data.settings)} disabled={recomputing} />
          </div>
          {data.report.tier1.retrievals === 0 && (
            <Recomputing active={recomputing}>
              <div className="panel text-soft">No retrieval matches these settings and filters: every rate below is "—".</div>
            </Recomputing>
          )}
          <Tier0Panel tier0={data.report.tier0} settings={data.settings} recomputing={recomputing} />
          <Tier1Panel tier1={data.report.tier1} judgedAtKByRole={data.judgedAtKByRole} settings={data.settings} recomputing={recomputing} />
          {data.report.judges && <JudgeCorrectedPanel judges={data.report.judges} settings={data.settings} recomputing={recomputing} />}
          <Tier2Panel tier2={data.report.tier2} settings={data.settings} recomputing={recomputing} />
          <MatrixPanel matrix={data.report.matrix} settings={data.settings} recomputing={recomputing} selected={cell} />
          {view.why && <WhyHerePanel signal={view.why} settings={data.settings} chosenSlice={view.whySlice} minSupport={minSupportOf(view.minSupport)} />}
          <TrendsPanel trends={data.trends} bucket={view.trend} k={data.settings.k} settings={data.settings} recomputing={recomputing} />
          <Tier3Panel tier3={data.report.tier3} settings={data.settings} recomputing={recomputing} list={tier3List} />
        </div>
      )}
    </div>
  );
}
