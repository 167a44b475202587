/**
 * docs/metrics.md, "What-if on logged candidates": a pipeline recomputes a retrieval's list from its
 * logged stages alone. Written as on the command line and in the URL: `stage:<name>`,
 * `rrf:<k>` (k defaults to 60), `weighted:<w>`, `norerank`, `cut:<n>`.
 */
export type Pipeline =
  | { kind: 'stage'; name: string }
  | { kind: 'rrf'; k: number }
  | { kind: 'weighted'; w: number }
  | { kind: 'norerank' }
  | { kind: 'cut'; n: number };

export type PipelineKind = Pipeline['kind'];

export const PIPELINE_KINDS: readonly PipelineKind[] = ['rrf', 'weighted', 'stage', 'norerank', 'cut'];

export const DEFAULT_RRF_K = 60;

/** What each pipeline needs of a retrieval to be defined (its population), in words for the screen and the usage text. */
export const PIPELINE_MEANING: Record<PipelineKind, string> = {
  rrf: 'reciprocal rank fusion of the retriever stages: Σ 1 / (k + rank)',
  weighted: 'w · the first retriever stage + (1 − w) · the second, scores min-max normalized per list',
  stage: 'one logged stage’s list as it is',
  norerank: 'the list before the rerank stage (the returned list when there is none)',
  cut: 'the first n of the returned list',
};

export type PipelineParse = { ok: true; pipeline: Pipeline } | { ok: false; error: string };

const SYNTAX = 'a pipeline is stage:<name>, rrf:<k>, weighted:<w>, norerank or cut:<n>';

const isDecimal = (text: string) => /^\d+(\.\d+)?$/.test(text);

/** Reads a pipeline as written (`rrf:20`); every refusal says what is expected. */
export function parsePipeline(text: string): PipelineParse {
  const trimmed = text.trim();
  const at = trimmed.indexOf(':');
  const kind = at < 0 ? trimmed : trimmed.slice(0, at);
  const argument = at < 0 ? null : trimmed.slice(at + 1).trim();
  switch (kind) {
    case 'norerank':
      return argument === null ? { ok: true, pipeline: { kind } } : { ok: false, error: `"${text}": norerank takes no value` };
    case 'stage':
      return argument ? { ok: true, pipeline: { kind, name: argument } } : { ok: false, error: `"${text}": stage needs a stage name (stage:bm25)` };
    case 'rrf': {
      if (argument === null || argument === '') return { ok: true, pipeline: { kind, k: DEFAULT_RRF_K } };
      const k = Number(argument);
      return isDecimal(argument) && k >= 0 && k <= 100_000 ? { ok: true, pipeline: { kind, k } } : { ok: false, error: `"${text}": k of rrf is a number from 0 to 100000` };
    }
    case 'weighted': {
      const w = Number(argument);
      return argument !== null && isDecimal(argument) && w >= 0 && w <= 1 ? { ok: true, pipeline: { kind, w } } : { ok: false, error: `"${text}": w of weighted is a number from 0 to 1` };
    }
    case 'cut': {
      const n = Number(argument);
      return argument !== null && /^\d+$/.test(argument) && n >= 1 && n <= 1000 ? { ok: true, pipeline: { kind, n } } : { ok: false, error: `"${text}": n of cut is a whole number from 1 to 1000` };
    }
    default:
      return { ok: false, error: `"${text}": ${SYNTAX}` };
  }
}

/** The pipeline as written, the inverse of `parsePipeline`. */
export function pipelineText(pipeline: Pipeline): string {
  switch (pipeline.kind) {
    case 'norerank': return 'norerank';
    case 'stage': return `stage:${pipeline.name}`;
    case 'rrf': return `rrf:${pipeline.k}`;
    case 'weighted': return `weighted:${pipeline.w}`;
    case 'cut': return `cut:${pipeline.n}`;
  }
}

/** The parameter a sweep varies: k of rrf, w of weighted. */
export type SweepKind = 'rrf' | 'weighted';

/** A sweep as written (`rrf:10:100:10`): the pipeline kind, from, to and the number of points (2–20). */
export interface Sweep {
  kind: SweepKind;
  from: number;
  to: number;
  count: number;
}

export const DEFAULT_SWEEPS: Record<SweepKind, Sweep> = {
  rrf: { kind: 'rrf', from: 10, to: 100, count: 10 },
  weighted: { kind: 'weighted', from: 0.1, to: 1, count: 10 },
};

export const sweepText = (sweep: Sweep) => `${sweep.kind}:${sweep.from}:${sweep.to}:${sweep.count}`;

/** Reads a sweep; a malformed one is an error in words. Every point's pipeline must parse too. */
export function parseSweep(text: string): { ok: true; sweep: Sweep } | { ok: false; error: string } {
  const [kind, from, to, count] = text.split(':');
  const sweep = { kind: kind as SweepKind, from: Number(from), to: Number(to), count: Number(count) };
  const bad = (kind !== 'rrf' && kind !== 'weighted') || ![from, to].every((value) => value !== undefined && /^\d+(\.\d+)?$/.test(value))
    || !Number.isInteger(sweep.count) || sweep.count < 2 || sweep.count > 20 || sweep.from >= sweep.to;
  if (bad) return { ok: false, error: `"${text}": a sweep is rrf:FROM:TO:POINTS or weighted:FROM:TO:POINTS, FROM below TO, 2–20 points` };
  const invalid = sweepValues(sweep.from, sweep.to, sweep.count).map((value) => parsePipeline(pipelineText(sweepPipeline(sweep.kind, value)))).find((parsed) => !parsed.ok);
  return invalid && !invalid.ok ? { ok: false, error: invalid.error } : { ok: true, sweep };
}

/** The pipelines of a sweep's points, in order. */
export const sweepPoints = (sweep: Sweep) =>
  sweepValues(sweep.from, sweep.to, sweep.count).map((value) => ({ value, pipeline: sweepPipeline(sweep.kind, value) }));

/** `count` evenly spaced values from `from` to `to` (both included), rounded to 6 decimals. */
export function sweepValues(from: number, to: number, count: number): number[] {
  if (count <= 1) return [from];
  return Array.from({ length: count }, (_, i) => Math.round((from + ((to - from) * i) / (count - 1)) * 1e6) / 1e6);
}

export const sweepPipeline = (kind: SweepKind, value: number): Pipeline => (kind === 'rrf' ? { kind, k: value } : { kind, w: value });
