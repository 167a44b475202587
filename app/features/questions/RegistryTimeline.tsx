import type { QuestionRunAnalysis } from '../../model/drift/analyze';
import { runLabel } from '../../model/drift/format-time';
import { registryTimeline, tickLabel, timeTicks } from '../../model/drift/timeline';
import { TimelineLegend } from './TimelineLegend';
import { SubquestionLane, UnassignedLane, type LaneGeometry } from './TimelineLanes';
import { useElementWidth } from './use-element-width';

const GUTTER = 200;
const RIGHT = 28;
const TOP = 26;
const LANE = 46;
const AXIS = 40;

/** The sub-question registry over time: a lane per sub-question, orphan queries apart, the answer. */
export function RegistryTimeline({ run }: { run: QuestionRunAnalysis }) {
  const [wrapper, width] = useElementWidth<HTMLDivElement>(960);
  const timeline = registryTimeline(run);
  const pad = (timeline.end - timeline.start) * 0.03;
  const [t0, t1] = [timeline.start - pad, timeline.end + pad];
  const plotWidth = Math.max(width, 560) - GUTTER - RIGHT;
  const x = (t: number) => GUTTER + ((t - t0) / (t1 - t0)) * plotWidth;
  const laneCount = timeline.lanes.length + (timeline.unassigned.length ? 1 : 0);
  const height = TOP + laneCount * LANE + AXIS;
  const bottom = TOP + laneCount * LANE;
  const { ticks, step } = timeTicks(timeline.start, timeline.end, Math.max(3, Math.floor(plotWidth / 90)));
  const geometry = (index: number): LaneGeometry => ({ top: TOP + index * LANE, height: LANE, gutter: GUTTER, right: GUTTER + plotWidth, x, end: timeline.end });

  return (
    <section className="panel timeline-panel" aria-label="Registry timeline">
      <div className="panel-head">
        <h3>Registry timeline</h3>
        <TimelineLegend />
      </div>
      <div ref={wrapper} className="timeline-wrap">
        <svg width={Math.max(width, 560)} height={height} role="img" className="timeline"
          aria-label={`Sub-question registry of ${run.questionId} in run ${runLabel(run.runId)} over time (UTC)`}>
          {ticks.map((t) => <line key={t} className="grid" x1={x(t)} x2={x(t)} y1={TOP - 6} y2={bottom} />)}
          {timeline.lanes.map((lane, i) => <SubquestionLane key={lane.subquestionId} lane={lane} geometry={geometry(i)} striped={i % 2 === 1} />)}
          {timeline.unassigned.length > 0 && <UnassignedLane retrievals={timeline.unassigned} geometry={geometry(timeline.lanes.length)} />}
          {timeline.answers.map((answer) => (
            <g key={answer.seq} className="answer-mark">
              <title>{`Answer at ${tickLabel(answer.ts, 1)} UTC: ${answer.text ?? ''}`}</title>
              <line x1={x(answer.ts)} x2={x(answer.ts)} y1={TOP - 8} y2={bottom} />
              <text x={x(answer.ts)} y={TOP - 12} textAnchor="end">answer ▾</text>
            </g>
          ))}
          <g className="axis">
            <line x1={GUTTER} x2={GUTTER + plotWidth} y1={bottom} y2={bottom} />
            {ticks.map((t) => (
              <g key={t}>
                <line x1={x(t)} x2={x(t)} y1={bottom} y2={bottom + 5} />
                <text x={x(t)} y={bottom + 18} textAnchor="middle">{tickLabel(t, step)}</text>
              </g>
            ))}
            <text x={GUTTER - 10} y={bottom + 18} textAnchor="end" className="axis-caption">
              UTC · {new Date(timeline.start).toISOString().slice(0, 10)}
            </text>
          </g>
        </svg>
      </div>
    </section>
  );
}
