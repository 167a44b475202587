import { checkAnswer, type AnswerVerdict } from './answer-check';
import { capitalisedNames, EntityCatalog, normalizeEntity } from './entities';
import { assessGold, checkSufficiency, goldFlags, type GoldAssessment, type SufficiencyCheck } from './evidence';
import { countFlags, type DriftFlag, type FlagCounts } from './flags';
import { stateFlags, subquestionHistories, type SubquestionHistory } from './registry';
import { assessRetrieval, retrievalFlags, type RetrievalAssessment } from './retrieval-flags';
import type { DriftInputs, GoldReturnRow, QuestionDefinitionRow, QuestionResponseRow, QuestionRunRow } from './rows';
import { groupBy, questionRunKey } from './question-run-key';

/** One question in one run, with every drift rule applied: the unit the screen and the report show. */
export interface QuestionRunAnalysis {
  key: string;
  questionId: string;
  runId: string | null;
  run: QuestionRunRow;
  /** The `question` event defining it; null when the logs hold none. */
  definition: QuestionDefinitionRow | null;
  /** Gold passages when known (a non-empty `gold_evidence_ids`), else null. */
  goldIds: string[] | null;
  /** Names that belong to this question or its sub-questions in this run. */
  ownEntities: string[];
  subquestions: SubquestionHistory[];
  retrievals: RetrievalAssessment[];
  responses: QuestionResponseRow[];
  /** The last response naming the question in this run (by ts, then file order); null when unanswered. */
  finalAnswer: QuestionResponseRow | null;
  /** The final answer against the definition's `gold_answer` (answer-check.ts); null when unanswered. */
  answerCheck: AnswerVerdict | null;
  gold: GoldAssessment[];
  sufficiency: SufficiencyCheck;
  flags: DriftFlag[];
  flagCounts: FlagCounts;
}

export interface DriftAnalysis {
  questionRuns: QuestionRunAnalysis[];
  /** Every run seen on question events, null (no run) included, in order. */
  runIds: (string | null)[];
  /** Questions defined by a `question` event that no run worked on. */
  unrunQuestionIds: string[];
}

/** The question event for a run: the one logged with that run, else one without a run, else the last. */
function definitionFor(definitions: readonly QuestionDefinitionRow[], runId: string | null): QuestionDefinitionRow | null {
  const latest = (rows: QuestionDefinitionRow[]) => rows.reduce<QuestionDefinitionRow | null>((best, row) => (!best || row.seq > best.seq ? row : best), null);
  return latest(definitions.filter((d) => d.run_id === runId)) ?? latest(definitions.filter((d) => d.run_id === null)) ?? latest([...definitions]);
}

function entityCatalog(inputs: DriftInputs): EntityCatalog {
  const catalog = new EntityCatalog();
  for (const question of inputs.questions) {
    for (const name of [...(question.entities ?? []), ...capitalisedNames(question.text ?? '')]) catalog.add(name, question.question_id);
  }
  for (const state of inputs.states) for (const name of state.entities ?? []) catalog.add(name, state.question_id);
  return catalog;
}

function ownEntities(definition: QuestionDefinitionRow | null, subquestions: readonly SubquestionHistory[]): string[] {
  const names = [
    ...(definition?.entities ?? []), ...capitalisedNames(definition?.text ?? ''),
    ...subquestions.flatMap((s) => [...s.entities, ...capitalisedNames(s.text ?? '')]),
  ];
  return [...new Map(names.map((name) => [normalizeEntity(name), name])).values()];
}

export function analyzeDrift(inputs: DriftInputs): DriftAnalysis {
  const catalog = entityCatalog(inputs);
  const definitions = groupBy(inputs.questions, (q) => q.question_id);
  const states = groupBy(inputs.states, (s) => questionRunKey(s.question_id, s.run_id));
  const retrievals = groupBy(inputs.retrievals, (r) => questionRunKey(r.question_id, r.run_id));
  const responses = groupBy(inputs.responses, (r) => questionRunKey(r.question_id, r.run_id));
  const returnsByAsset = groupBy<GoldReturnRow>(inputs.goldReturns, (r) => r.asset_id);

  const questionRuns = inputs.runs.map((run): QuestionRunAnalysis => {
    const key = questionRunKey(run.question_id, run.run_id);
    const definition = definitionFor(definitions.get(run.question_id) ?? [], run.run_id);
    const goldIds = definition?.gold_evidence_ids?.length ? definition.gold_evidence_ids : null;
    const subquestions = subquestionHistories(states.get(key) ?? []);
    const own = ownEntities(definition, subquestions);
    const ownKeys = new Set(own.map(normalizeEntity));
    const known = new Set(subquestions.map((s) => s.subquestionId));
    const assessed = (retrievals.get(key) ?? []).map((row) => assessRetrieval(row, known, catalog, ownKeys));
    const answers = responses.get(key) ?? [];
    const finalAnswer = answers.at(-1) ?? null;
    const gold = assessGold(run.question_id, run.run_id, goldIds ?? [], returnsByAsset);
    const sufficiency = checkSufficiency(subquestions, answers, goldIds);
    const flags = [
      ...assessed.flatMap(retrievalFlags),
      ...subquestions.flatMap((s) => stateFlags(s, run.question_id, run.run_id)),
      ...goldFlags(gold, run.question_id, run.run_id, run.session_id),
      ...(sufficiency.insufficientBecause
        ? [{ kind: 'insufficient_evidence' as const, session_id: answers[0].session_id, question_id: run.question_id, run_id: run.run_id, detail: `${run.question_id} was ${sufficiency.insufficientBecause}.` }]
        : []),
    ];
    return {
      key, questionId: run.question_id, runId: run.run_id, run, definition, goldIds, ownEntities: own,
      subquestions, retrievals: assessed, responses: answers, finalAnswer,
      answerCheck: finalAnswer ? checkAnswer(finalAnswer.text, definition?.gold_answer ?? null) : null,
      gold, sufficiency, flags, flagCounts: countFlags(flags),
    };
  });

  const runIds = [...new Set(inputs.runs.map((r) => r.run_id))].sort((a, b) => (a ?? '').localeCompare(b ?? ''));
  const worked = new Set(inputs.runs.map((r) => r.question_id));
  const unrunQuestionIds = [...definitions.keys()].filter((id) => !worked.has(id)).sort();
  return { questionRuns, runIds, unrunQuestionIds };
}
