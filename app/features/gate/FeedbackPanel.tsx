import { MetricValue } from '../../components/metric/MetricValue';
import { Panel } from '../../components/Panel';
import { pluralize } from '../../lib/format';
import type { DownVotedQuery } from '../../engine/sql/gate/gate-screen';
import type { GateView } from '../../links/gate';
import { feedbackWeeks, THUMBS_DOWN_ALARM } from '../../model/gate/feedback';
import type { FeedbackReport } from '../../model/metrics/report';
import type { MetricSettings } from '../../model/metrics/settings';
import { AlarmMinimum } from './AlarmMinimum';
import { percent } from './chart-colors';
import { DownVotedQueries } from './DownVotedQueries';
import { FeedbackWeeks } from './FeedbackWeeks';

interface FeedbackPanelProps {
  feedback: FeedbackReport;
  downVoted: DownVotedQuery[];
  view: GateView;
  settings: MetricSettings;
}

export function FeedbackPanel({ feedback, downVoted, view, settings }: FeedbackPanelProps) {
  const weeks = feedbackWeeks(feedback, view.minVotes);
  const alarms = weeks.filter((week) => week.alarm).map((week) => week.week);
  const quiet = weeks.filter((week) => week.tooFewVotes && week.rate !== null && week.rate > THUMBS_DOWN_ALARM);
  return (
    <Panel id="gate.feedback" title="Thumbs-down"
      question={`Is the share of down-votes rising? A week above ${percent(THUMBS_DOWN_ALARM)} with enough votes raises the alarm. A down count opens its sessions.`}>
      {feedback.total === 0 ? <p className="text-soft">No feedback event matches the filters.</p> : (
        <>
          <div className="metric-row">
            <MetricValue path="feedback.total" value={feedback.total} kind="count" settings={settings} />
            <MetricValue path="feedback.down" value={feedback.down} kind="count" settings={settings} />
            <MetricValue path="feedback.thumbs_down_rate" value={feedback.thumbs_down_rate} kind="rate" settings={settings} denominatorSize={feedback.total} />
          </div>
          <AlarmMinimum minVotes={view.minVotes} weeks={weeks} />
          {alarms.length > 0 ? (
            <p className="gate-alarm" role="alert">Alarm: thumbs-down above {percent(THUMBS_DOWN_ALARM)} in {alarms.join(', ')}.</p>
          ) : (
            <p className="text-soft">No week with enough votes is above the {percent(THUMBS_DOWN_ALARM)} alarm line.</p>
          )}
          {quiet.length > 0 && (
            <p className="text-soft" data-testid="gate.too-few-votes">
              Above {percent(THUMBS_DOWN_ALARM)} with too few votes to raise the alarm: {quiet.map((week) => `${week.week} (${pluralize(week.total, 'vote')})`).join(', ')}.
            </p>
          )}
          <FeedbackWeeks weeks={weeks} minVotes={view.minVotes} view={view} settings={settings} />
        </>
      )}
      <DownVotedQueries downVoted={downVoted} view={view} />
    </Panel>
  );
}
