import { driftMentions, type DriftMention, type EntityCatalog } from './entities';
import type { DriftFlag } from './flags';
import { clockUtc } from './format-time';
import type { QuestionRetrievalRow } from './rows';

/** A retrieval of a question-run as the drift rules see it. */
export interface RetrievalAssessment {
  row: QuestionRetrievalRow;
  /** Served an active sub-question (docs/metrics.md): else it is an orphan query. */
  servesActive: boolean;
  /** Why it is an orphan, when it is one. */
  orphanReason: string | null;
  /** Entity names in the query that belong to other questions only. */
  driftMentions: DriftMention[];
}

function orphanReason(row: QuestionRetrievalRow, knownSubquestions: ReadonlySet<string>): string | null {
  if (!row.subquestion_id) return 'carries no subquestion_id';
  if (row.status_at_ts === 'active') return null;
  if (row.status_at_ts) return `ran while ${row.subquestion_id} was ${row.status_at_ts} (since ${clockUtc(row.status_since!)})`;
  return knownSubquestions.has(row.subquestion_id)
    ? `ran before ${row.subquestion_id} had any state`
    : `names ${row.subquestion_id}, which the registry of this run never recorded`;
}

export function assessRetrieval(
  row: QuestionRetrievalRow, knownSubquestions: ReadonlySet<string>, catalog: EntityCatalog, ownEntities: ReadonlySet<string>,
): RetrievalAssessment {
  const reason = orphanReason(row, knownSubquestions);
  return { row, servesActive: reason === null, orphanReason: reason, driftMentions: row.query ? driftMentions(row.query, catalog, ownEntities) : [] };
}

export function retrievalFlags(assessment: RetrievalAssessment): DriftFlag[] {
  const { row } = assessment;
  const base = { session_id: row.session_id, question_id: row.question_id, run_id: row.run_id, retrieval_id: row.retrieval_id, event: { seq: row.seq, event_id: row.event_id } };
  const withSub = row.subquestion_id ? { subquestion_id: row.subquestion_id } : {};
  const query = `“${row.query ?? ''}”`;
  const flags: DriftFlag[] = [];
  if (assessment.orphanReason) {
    flags.push({ kind: 'orphan_query', ...base, ...withSub, detail: `${row.retrieval_id} ${query} at ${clockUtc(row.ts)} ${assessment.orphanReason}.` });
  }
  if (assessment.driftMentions.length) {
    const named = [...new Map(assessment.driftMentions.map((m) => [m.entity, m])).values()]
      .map((m) => `“${m.entity}” (${describeOwners(m.owners)})`)
      .join(', ');
    flags.push({ kind: 'entity_drift', ...base, ...withSub, detail: `${row.retrieval_id} ${query} names ${named}, outside ${row.question_id} and its sub-questions.` });
  }
  return flags;
}

export const describeOwners = (questions: readonly string[]) => (questions.length ? `an entity of ${questions.join(', ')}` : 'a known entity');
