/**
 * A retrieval's `stages` (docs/log-format.md): the candidate lists of its pipeline's parts, in
 * pipeline order. Given as a list of objects, or as that list's JSON text (a CSV cell, a Parquet
 * string column); stored as canonical JSON text.
 */
export const STAGE_KINDS = ['retriever', 'fusion', 'rerank'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];

export interface Stage {
  name: string;
  kind: StageKind;
  asset_ids: string[];
  /** Parallel to `asset_ids` when given. */
  scores?: number[];
}

export type StagesRead = { ok: true; stages: Stage[] } | { ok: false; problem: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readStage(value: unknown, index: number): Stage | string {
  const where = `stage ${index + 1}`;
  if (!isRecord(value)) return `${where} must be an object {name, kind, asset_ids, scores?}`;
  const { name, kind, asset_ids: assetIds, scores } = value;
  if (typeof name !== 'string' || name === '') return `${where} has no "name"`;
  if (typeof kind !== 'string' || !(STAGE_KINDS as readonly string[]).includes(kind)) return `${where} ("${name}"): "kind" must be one of ${STAGE_KINDS.join(', ')}`;
  if (!Array.isArray(assetIds) || !assetIds.every((id) => typeof id === 'string')) return `${where} ("${name}"): "asset_ids" must be a list of strings`;
  const stage: Stage = { name, kind: kind as StageKind, asset_ids: assetIds as string[] };
  if (scores !== undefined && scores !== null) {
    if (!Array.isArray(scores) || !scores.every((score) => typeof score === 'number' && Number.isFinite(score))) return `${where} ("${name}"): "scores" must be a list of numbers`;
    if (scores.length !== assetIds.length) return `${where} ("${name}"): ${scores.length} scores for ${assetIds.length} assets`;
    stage.scores = scores as number[];
  }
  return stage;
}

/** Reads a `stages` value; every problem names the stage it is in. */
export function readStages(value: unknown): StagesRead {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return { ok: false, problem: 'is text that is not a JSON list of stages' };
    }
  }
  if (!Array.isArray(list)) return { ok: false, problem: 'must be a list of stages' };
  const stages: Stage[] = [];
  for (const [index, item] of list.entries()) {
    const stage = readStage(item, index);
    if (typeof stage === 'string') return { ok: false, problem: stage };
    stages.push(stage);
  }
  return { ok: true, stages };
}

/** The stored text of a retrieval's stages, or null (none stored). */
export function parseStoredStages(text: string | null | undefined): Stage[] {
  if (!text) return [];
  const read = readStages(text);
  return read.ok ? read.stages : [];
}
