import type { TraceTarget } from '../../model/lineage/trace';

/** The Lineage screen's view state in the URL: `asset` or `retrieval` (what is traced) and `node` (the selected graph node). */
export function traceTargetFromParams(asset: string | null, retrieval: string | null): TraceTarget | null {
  if (retrieval) return { kind: 'retrieval', id: retrieval };
  if (asset) return { kind: 'asset', id: asset };
  return null;
}
