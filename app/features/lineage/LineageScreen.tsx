import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { lineageUrl } from '../../links/lineage';
import { useScreenView } from '../../links/use-screen-view';
import { useDataset } from '../../session/dataset';
import { CrossSessionCompletions } from './CrossSessionCompletions';
import { TraceForm } from './TraceForm';
import { TracePanel } from './TracePanel';
import './lineage.css';

/** Lineage across sessions: trace an asset or a retrieval; the completions that crossed sessions. */
export default function LineageScreen() {
  const dataset = useDataset();
  const target = useScreenView(lineageUrl).trace;
  if (nothingToShow(dataset)) {
    return <EmptyDataset what="Then trace any asset or retrieval across sessions here." />;
  }
  return (
    <div className="lineage-screen">
      <section className="panel">
        <TraceForm key={target ? `${target.kind}:${target.id}` : 'none'} target={target} />
      </section>
      {target && <TracePanel key={`${target.kind}:${target.id}`} target={target} />}
      <CrossSessionCompletions />
    </div>
  );
}
