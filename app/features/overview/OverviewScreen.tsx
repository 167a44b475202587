import { useQuery } from '@tanstack/react-query';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { formatCount } from '../../lib/format';
import { useDataset } from '../../session/dataset';
import { countsByTypeOptions } from '../../queries/overview';
import { DatasetExport } from './DatasetExport';
import { EngineBuildNote } from './EngineBuildNote';
import { FilesTable } from './FilesTable';
import { FullDatasetSummary } from './FullDatasetSummary';
import { LabelsPanel } from './LabelsPanel';

export default function OverviewScreen() {
  const dataset = useDataset();
  const counts = useQuery(countsByTypeOptions(dataset));
  if (nothingToShow(dataset)) return <EmptyDataset what="The overview then lists each file and what it held." />;
  const { summary } = dataset;
  const largest = Math.max(1, ...(counts.data?.map((row) => row.events) ?? []));
  return (
    <>
      <section className="grid-cards" aria-label="Dataset totals">
        <Stat noun="event" value={summary.events} />
        <Stat noun="session" value={summary.sessions} />
        <Stat noun="file" value={summary.files} />
        <Stat noun="rejected line" value={summary.rejected} tone={summary.rejected ? 'bad' : undefined} />
        <Stat noun="reference warning" value={summary.warnings} tone={summary.warnings ? 'warn' : undefined} />
      </section>
      <FullDatasetSummary />
      <section className="panel" aria-label="Files">
        <FilesTable />
      </section>
      <DatasetExport />
      <LabelsPanel />
      <section className="panel">
        <h2>Events by type</h2>
        <table className="data" aria-label="Events by type" style={{ maxWidth: 720 }}>
          <thead>
            <tr><th>type</th><th className="num">events</th><th aria-hidden /></tr>
          </thead>
          <tbody>
            {counts.data?.map((row) => (
              <tr key={row.type}>
                <td className="mono">{row.type}</td>
                <td className="num">{formatCount(row.events)}</td>
                <td className="bar-cell" aria-hidden>
                  <span className={`bar type-${row.type}`} style={{ width: `${(100 * row.events) / largest}%` }} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <EngineBuildNote />
    </>
  );
}

function Stat({ noun, value, tone }: { noun: string; value: number; tone?: 'bad' | 'warn' }) {
  return (
    <div className="stat">
      <div className={`value${tone ? ` text-${tone}` : ''}`}>{formatCount(value)}</div>
      <div className="label">{value === 1 ? noun : `${noun}s`}</div>
    </div>
  );
}
