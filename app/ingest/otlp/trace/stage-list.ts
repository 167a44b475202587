import type { Stage, StageKind } from '../../../schema/stages';
import type { TraceDocument } from './document-identity';

/** Scores parallel to the ids when every document has one, else none (a partial list says nothing). */
export function completeScores(documents: TraceDocument[]): number[] | undefined {
  if (documents.length === 0 || documents.some((document) => document.score === undefined)) return undefined;
  return documents.map((document) => document.score!);
}

export function toStage(name: string, kind: StageKind, documents: TraceDocument[]): Stage {
  const stage: Stage = { name, kind, asset_ids: documents.map((document) => document.id) };
  const scores = completeScores(documents);
  if (scores !== undefined) stage.scores = scores;
  return stage;
}
