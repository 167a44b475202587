import type { DriftAnalysis, QuestionRunAnalysis } from './analyze';
import type { DriftFlag, DriftFlagKind, FlaggedEvent } from './flags';

/**
 * Where a session's timeline shows the drift flags of the Questions screen's analysis (the same
 * flags, filtered to the session): a query flag on its retrieval, a state flag on the registry
 * state that raised it, and the flags about the evidence behind the answer on the final answer.
 */

/** Flags about what the answer rests on, not about one event: shown on the question-run's final answer. */
const ANSWER_FLAGS: ReadonlySet<DriftFlagKind> = new Set(['not_asked', 'unreachable', 'insufficient_evidence']);

/** The event a flag is shown on, with its session; null when there is none (an evidence flag of an unanswered run). */
export function flagEvent(flag: DriftFlag, run: QuestionRunAnalysis): (FlaggedEvent & { session_id: string | null }) | null {
  if (flag.event) return { ...flag.event, session_id: flag.session_id };
  const answer = ANSWER_FLAGS.has(flag.kind) ? run.finalAnswer : null;
  return answer ? { seq: answer.seq, event_id: answer.event_id, session_id: answer.session_id } : null;
}

/** A question-run with events in the session. */
export interface SessionQuestionRun {
  run: QuestionRunAnalysis;
  /** Its flags shown on events of this session. */
  placed: DriftFlag[];
  /** Its flags with no event to be shown on (no answer to carry the evidence flags). */
  unplaced: DriftFlag[];
  /** The final answer is an event of this session. */
  answeredHere: boolean;
}

export interface SessionDrift {
  /** The drift flags on each event of the session, by the event's `seq`. */
  flagsByEvent: Map<number, DriftFlag[]>;
  /** The question-run whose final answer each response of the session is, by the response's `seq`. */
  answerOf: Map<number, QuestionRunAnalysis>;
  questionRuns: SessionQuestionRun[];
}

/**
 * The drift of the question-runs that have events in `sessionId` (`eventSeqs`: that session's
 * events). A flag whose event lies in another session of a run belongs to that session's timeline.
 */
export function sessionDrift(analysis: DriftAnalysis, sessionId: string, eventSeqs: ReadonlySet<number>): SessionDrift {
  const flagsByEvent = new Map<number, DriftFlag[]>();
  const answerOf = new Map<number, QuestionRunAnalysis>();
  const questionRuns = analysis.questionRuns
    .filter((run) => run.run.sessions.includes(sessionId))
    .map((run): SessionQuestionRun => {
      const placed: DriftFlag[] = [];
      const unplaced: DriftFlag[] = [];
      for (const flag of run.flags) {
        const event = flagEvent(flag, run);
        if (event === null) unplaced.push(flag);
        else if (eventSeqs.has(event.seq)) {
          placed.push(flag);
          flagsByEvent.set(event.seq, [...(flagsByEvent.get(event.seq) ?? []), flag]);
        }
      }
      const answeredHere = run.finalAnswer !== null && eventSeqs.has(run.finalAnswer.seq);
      if (answeredHere) answerOf.set(run.finalAnswer!.seq, run);
      return { run, placed, unplaced, answeredHere };
    });
  return { flagsByEvent, answerOf, questionRuns };
}
