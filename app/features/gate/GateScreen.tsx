import { useQuery } from '@tanstack/react-query';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { QueryState } from '../../components/QueryState';
import { DEFAULT_METRIC_SETTINGS } from '../../model/metrics/settings';
import { useDataset } from '../../queries/dataset';
import { CalibrationPanel } from './CalibrationPanel';
import { DecisionsPanel } from './DecisionsPanel';
import { FeedbackPanel } from './FeedbackPanel';
import './gate.css';
import { gateScreenOptions } from '../../queries/gate';
import { RecallPanel } from './RecallPanel';
import { ReviewPanel } from './ReviewPanel';

const settings = DEFAULT_METRIC_SETTINGS;

export default function GateScreen() {
  const dataset = useDataset();
  const screen = useQuery(gateScreenOptions(dataset));
  if (nothingToShow(dataset)) return <EmptyDataset what="The gate's decisions, its calibration and the feedback loop then appear here." />;
  const data = screen.data;
  const nothing = data && data.decisions.overall.total === 0 && data.feedback.total === 0 && data.calibration.overall.cases === 0;
  return (
    <div className="gate-screen" aria-busy={screen.isFetching}>
      <QueryState query={screen} label="the gate and feedback panels" />
      {nothing && (
        <div className="panel empty-state" data-testid="gate.empty">
          <h2>No gate, feedback or eval events</h2>
          <p>The loaded logs hold no <code>gate</code>, <code>feedback</code> or <code>eval_case</code> event; log them (see the log format) to see the gate's decisions, its calibration and the thumbs-down alarm here.</p>
        </div>
      )}
      {data && !nothing && (
        <div className={screen.isPlaceholderData ? 'gate-panels stale' : 'gate-panels'}>
          <p className="text-soft gate-scope">Over every loaded event (the Metrics screen's filters do not apply here).</p>
          <DecisionsPanel decisions={data.decisions} settings={settings} />
          <CalibrationPanel calibration={data.calibration} report={data.calibrationReport} settings={settings} />
          <FeedbackPanel feedback={data.feedback} downVoted={data.downVoted} settings={settings} />
          <ReviewPanel weeks={data.review} report={data.reviewReport} />
          <RecallPanel recall={data.recall} />
        </div>
      )}
    </div>
  );
}
