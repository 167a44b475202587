import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { QueryState } from '../../components/QueryState';
import { Recomputing } from '../../components/Recomputing';
import { isAnyScope, type EventScope } from '../../model/event-scope';
import { gateUrl } from '../../links/gate';
import { useScreenView } from '../../links/use-screen-view';
import { DEFAULT_METRIC_SETTINGS } from '../../model/metrics/settings';
import { useDataset } from '../../session/dataset';
import { gateScreenOptions } from '../../queries/gate';
import { CalibrationPanel } from './CalibrationPanel';
import { DecisionsPanel } from './DecisionsPanel';
import { FeedbackPanel } from './FeedbackPanel';
import './gate.css';
import { GateFilters } from './GateFilters';
import { RecallPanel } from './RecallPanel';
import { ReviewPanel } from './ReviewPanel';

const settings = DEFAULT_METRIC_SETTINGS;

export default function GateScreen() {
  const dataset = useDataset();
  const view = useScreenView(gateUrl);
  const scope = useMemo<EventScope>(() => ({ surface: view.surface, category: view.category, system: view.system, week: null }), [view.surface, view.category, view.system]);
  const filtered = !isAnyScope(scope);
  const screen = useQuery(gateScreenOptions(dataset, scope));
  if (nothingToShow(dataset)) return <EmptyDataset what="The gate's decisions, its calibration and the feedback loop then appear here." />;
  const data = screen.data;
  const nothing = !filtered && data && data.decisions.overall.total === 0 && data.feedback.total === 0 && data.calibration.overall.cases === 0;
  const stale = screen.isPlaceholderData;
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
        <>
          <GateFilters view={view} choices={data.choices} filtered={filtered} />
          <Recomputing active={stale} className="gate-panels">
            <DecisionsPanel decisions={data.decisions} view={view} />
            <CalibrationPanel calibration={data.calibration} report={data.calibrationReport} settings={settings} />
            <FeedbackPanel feedback={data.feedback} downVoted={data.downVoted} view={view} settings={settings} />
            <ReviewPanel weeks={data.review} report={data.reviewReport} view={view} filtered={filtered} />
            <RecallPanel recall={data.recall} filtered={filtered} />
          </Recomputing>
        </>
      )}
    </div>
  );
}
