import { useQuery } from '@tanstack/react-query';
import { MetricValue } from '../../components/metric/MetricValue';
import { QueryState } from '../../components/QueryState';
import type { Tier3SessionList, Tier3SessionRow } from '../../engine/sql/metrics/tier3-sessions';
import { pluralize } from '../../lib/format';
import type { ExportColumn } from '../../lib/table-export';
import { TableDownload } from '../../components/TableDownload';
import { navigate } from '../../lib/url-state';
import { metricsUrl } from '../../links/metrics';
import { sessionsUrl } from '../../links/sessions';
import { Link } from '../../components/Link';
import type { Tier3Report } from '../../model/metrics/report';
import type { MetricSettings } from '../../model/metrics/settings';
import { useDataset } from '../../session/dataset';
import { tier3SessionsOptions } from '../../queries/metrics';
import { Panel } from '../../components/Panel';
import { SectionFilters } from './SectionFilters';

const LISTS: { id: Tier3SessionList; label: string }[] = [
  { id: 'abandoned_by_session', label: 'abandoned by session' },
  { id: 'rescued_by_lineage', label: 'reached a completion through lineage' },
  { id: 'abandoned_by_lineage', label: 'abandoned by lineage' },
  { id: 'cross_session', label: 'cross-session completions' },
];

export function Tier3Panel(props: { tier3: Tier3Report; settings: MetricSettings; recomputing: boolean; list: Tier3SessionList | null }) {
  const { tier3, settings, recomputing, list } = props;
  const overstated = tier3.abandoned_by_session - tier3.abandoned_by_lineage;
  return (
    <Panel id="tier3" title="Tier 3 · Completions through lineage" question="Did users reach the goal, and does it trace back to a retrieval? Time-based attribution stops at the session; lineage does not." recomputing={recomputing}
      scope={<SectionFilters section="tier3" settings={settings} />}>
      <div className="metric-row">
        <MetricValue path="tier3.completions" value={tier3.completions} kind="count" settings={settings} />
        <MetricValue path="tier3.attributed_by_lineage" value={tier3.attributed_by_lineage} kind="count" settings={settings} />
        <MetricValue path="tier3.cross_session" value={tier3.cross_session} kind="count" settings={settings} />
      </div>
      <h3 className="subhead">Abandonment, counted two ways</h3>
      <div className="abandonment">
        <MetricValue path="tier3.abandoned_by_session" value={tier3.abandoned_by_session} kind="count" settings={settings} />
        <span className="vs" aria-hidden>vs</span>
        <MetricValue path="tier3.abandoned_by_lineage" value={tier3.abandoned_by_lineage} kind="count" settings={settings} />
        <p className="text-soft">
          {overstated > 0
            ? `Counting by session overstates abandonment by ${pluralize(overstated, 'session')}: ${overstated === 1 ? 'its retrievals' : 'their retrievals'} led to a completion in another session.`
            : 'Lineage finds no session whose retrievals led to a completion elsewhere.'}
        </p>
      </div>
      <div className="segmented" role="group" aria-label="Sessions behind the counts">
        {LISTS.map((item) => (
          <button key={item.id} type="button" aria-pressed={list === item.id} onClick={() => navigate(metricsUrl.changed({ tier3: list === item.id ? null : item.id }))}>
            {item.label}
          </button>
        ))}
      </div>
      {list && <SessionList list={list} settings={settings} />}
    </Panel>
  );
}

const LIST_COLUMNS: ExportColumn<Tier3SessionRow>[] = [
  { header: 'session', value: (row) => row.session_id },
  { header: 'retrieval session', value: (row) => row.source_session_id },
  { header: 'retrieval', value: (row) => row.retrieval_id },
];

function SessionList({ list, settings }: { list: Tier3SessionList; settings: MetricSettings }) {
  const rows = useQuery(tier3SessionsOptions(useDataset(), settings, list));
  const crossSession = rows.data?.some((row) => row.source_session_id) ?? false;
  return (
    <div className="tier3-sessions">
      {rows.data && rows.data.length > 0 && (
        <TableDownload name={`metrics-${list.replaceAll('_', '-')}`} columns={crossSession ? LIST_COLUMNS : LIST_COLUMNS.slice(0, 1)} rows={rows.data} label="Download the list" />
      )}
      <QueryState query={rows} label="the sessions" />
      {rows.data?.length === 0 && <p className="text-soft">None.</p>}
      <ul className="session-chips">
        {rows.data?.map((row) => (
          <li key={`${row.session_id}:${row.retrieval_id ?? ''}`}>
            <Link className="mono" href={sessionsUrl.href({ session: row.session_id })}>{row.session_id}</Link>
            {row.source_session_id && (
              <span className="text-soft">
                {' '}← <Link className="mono" href={sessionsUrl.href({ session: row.source_session_id })}>{row.source_session_id}</Link> ({row.retrieval_id})
              </span>
            )}
          </li>
        ))}
      </ul>
      {rows.data?.length === 500 && <p className="text-soft">The first 500 are listed.</p>}
    </div>
  );
}
