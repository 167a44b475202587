import type { QuestionRunAnalysis } from './analyze';
import type { RetrievalAssessment } from './retrieval-flags';
import type { QuestionResponseRow, SubquestionStateRow, SubquestionStatus } from './rows';

export interface StateSegment {
  status: SubquestionStatus;
  start: number;
  end: number;
  state: SubquestionStateRow;
}

export interface TimelineLane {
  subquestionId: string;
  text: string | null;
  segments: StateSegment[];
  /** Retrievals made while this sub-question was active. */
  retrievals: RetrievalAssessment[];
}

/** A question-run laid out in time: a lane per sub-question, orphan queries apart, the answers. */
export interface RegistryTimeline {
  start: number;
  end: number;
  lanes: TimelineLane[];
  /** Retrievals that served no active sub-question (orphan queries). */
  unassigned: RetrievalAssessment[];
  answers: QuestionResponseRow[];
}

export function registryTimeline(run: QuestionRunAnalysis): RegistryTimeline {
  const start = run.run.start_ts;
  const end = Math.max(run.run.end_ts, start + 1000);
  const lanes = run.subquestions.map((history): TimelineLane => ({
    subquestionId: history.subquestionId,
    text: history.text,
    segments: history.states.map((state, i) => ({ status: state.status, start: state.ts, end: history.states[i + 1]?.ts ?? end, state })),
    retrievals: run.retrievals.filter((r) => r.servesActive && r.row.subquestion_id === history.subquestionId),
  }));
  return { start, end, lanes, unassigned: run.retrievals.filter((r) => !r.servesActive), answers: run.responses };
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const TICK_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, SECOND, 2 * SECOND, 5 * SECOND, 10 * SECOND, 15 * SECOND, 30 * SECOND,
  MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR,
];

/** Round UTC instants between start and end, at most `maxTicks` of them, and the step chosen. */
export function timeTicks(start: number, end: number, maxTicks: number): { ticks: number[]; step: number } {
  const span = Math.max(end - start, 1);
  const step = TICK_STEPS.find((s) => span / s <= maxTicks) ?? Math.ceil(span / maxTicks / (24 * HOUR)) * 24 * HOUR;
  const ticks: number[] = [];
  for (let t = Math.ceil(start / step) * step; t <= end; t += step) ticks.push(t);
  return { ticks, step };
}

/** A tick label in UTC, as precise as the step needs: "09:12", "09:12:05", "09:12:05.250". */
export function tickLabel(ms: number, step: number): string {
  const iso = new Date(ms).toISOString();
  if (step < SECOND) return iso.slice(11, 23);
  if (step < MINUTE) return iso.slice(11, 19);
  return iso.slice(11, 16);
}
