import { DRIFT_FLAG_KINDS, type DriftFlag } from '../model/drift/flags';
import type { Param } from './param';
import { choice, flag, text } from './param';
import { screenUrl } from './screen-url';

/** A run id; the events with no run_id form a run of their own, written `(none)`. */
export const NO_RUN_PARAM = '(none)';
export const runToParam = (runId: string | null) => runId ?? NO_RUN_PARAM;
/** undefined: no run given; null: the run of events without run_id. */
export const runFromParam = (param: string | null): string | null | undefined =>
  param === null || param === '' ? undefined : param === NO_RUN_PARAM ? null : param;

const run = (name: string): Param<string | null | undefined> => ({
  names: [name],
  read: (params) => runFromParam(params.get(name)),
  write: (value) => (value === undefined ? [] : [[name, runToParam(value)]]),
});

/**
 * Questions: the open question-run (`question`, `run`), the list's filters (`flag`, `list_run`)
 * and the run comparison (`compare=1`, `run_a`, `run_b`). An event on the page is a #fragment.
 */
export const questionsUrl = screenUrl('questions', {
  question: text('question'),
  run: run('run'),
  flag: choice('flag', DRIFT_FLAG_KINDS),
  listRun: run('list_run'),
  compare: flag('compare'),
  runA: run('run_a'),
  runB: run('run_b'),
});

export type QuestionsView = ReturnType<typeof questionsUrl.read>;

/** Element ids of a question-run's view that links point at, as the URL's #fragment. */
export const questionAnchors = {
  retrieval: (id: string) => `retrieval-${id}`,
  subquestion: (id: string) => `subquestion-${id}`,
  gold: (assetId: string) => `gold-${assetId}`,
  sufficiency: 'sufficiency',
};

/** The element of a question-run's view that shows the events behind a drift flag, and what to call it. */
export function driftFlagTarget(flag: DriftFlag): { id: string; label: string } {
  if (flag.retrieval_id) return { id: questionAnchors.retrieval(flag.retrieval_id), label: flag.retrieval_id };
  if (flag.asset_id) return { id: questionAnchors.gold(flag.asset_id), label: flag.asset_id };
  if (flag.subquestion_id) return { id: questionAnchors.subquestion(flag.subquestion_id), label: flag.subquestion_id };
  return { id: questionAnchors.sufficiency, label: 'evidence check' };
}

/** A drift flag in its question-run's view, at the event behind it. */
export const driftFlagHref = (flag: DriftFlag) =>
  questionsUrl.href({ question: flag.question_id, run: flag.run_id }, { hash: driftFlagTarget(flag).id });
