import { useQuery } from '@tanstack/react-query';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { QueryState } from '../../components/QueryState';
import { MATRIX_CELLS, type MatrixCell } from '../../engine/sql/metrics/retrieval-facts';
import type { Tier3SessionList } from '../../engine/sql/metrics/tier3-sessions';
import { useUrlSearch } from '../../lib/url-state';
import { metricsUrl } from '../../links/metrics';
import { useScreenView } from '../../links/use-screen-view';
import { useDataset } from '../../queries/dataset';
import { metricPanelsOptions } from '../../queries/metrics';
import { MatrixPanel } from './MatrixPanel';
import { ReportDownload } from './ReportDownload';
import './metrics.css';
import { SettingsBar } from './SettingsBar';
import { Tier0Panel } from './Tier0Panel';
import { Tier1Panel } from './Tier1Panel';
import { Tier2Panel } from './Tier2Panel';
import { Tier3Panel } from './Tier3Panel';
import { TrendsPanel } from './TrendsPanel';
import { settingsCaption, settingsFromSearch } from './url';

const hasScreenFilters = (settings: ReturnType<typeof settingsFromSearch>['settings']) =>
  (settings.surfaces?.length ?? 0) > 0 || (settings.roles?.length ?? 0) > 0 || settings.from !== undefined || settings.to !== undefined;

const TIER3_LISTS = ['abandoned_by_session', 'abandoned_by_lineage', 'rescued_by_lineage', 'cross_session'];

export default function MetricsScreen() {
  const dataset = useDataset();
  const { settings, errors } = settingsFromSearch(useUrlSearch());
  const view = useScreenView(metricsUrl);
  const panels = useQuery(metricPanelsOptions(dataset, settings));
  const cell = MATRIX_CELLS.includes(view.cell as MatrixCell) ? (view.cell as MatrixCell) : null;
  const tier3List = TIER3_LISTS.includes(view.tier3 ?? '') ? (view.tier3 as Tier3SessionList) : null;

  if (nothingToShow(dataset)) return <EmptyDataset what="The metrics then appear here, tier by tier." />;
  const caption = settingsCaption(settings);
  const report = panels.data?.report;
  const trends = panels.data?.trends;
  return (
    <div className="metrics-screen" aria-busy={panels.isFetching}>
      <SettingsBar settings={settings} errors={errors} />
      <QueryState query={panels} label="the metrics" />
      {report && trends && (
        <div className={panels.isPlaceholderData ? 'metrics-panels stale' : 'metrics-panels'}>
          <ReportDownload report={report} filtered={hasScreenFilters(settings)} />
          {report.tier1.retrievals === 0 && <div className="panel text-soft">No retrieval matches these settings and filters: every rate below is "—".</div>}
          <Tier0Panel tier0={report.tier0} settings={settings} caption={caption} />
          <Tier1Panel tier1={report.tier1} settings={settings} caption={caption} />
          <Tier2Panel tier2={report.tier2} settings={settings} caption={caption} />
          <MatrixPanel matrix={report.matrix} settings={settings} caption={caption} selected={cell} />
          <TrendsPanel trends={trends} bucket={view.trend} caption={caption} k={settings.k} />
          <Tier3Panel tier3={report.tier3} settings={settings} caption={caption} list={tier3List} />
        </div>
      )}
    </div>
  );
}
