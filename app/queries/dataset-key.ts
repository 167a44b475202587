import type { Engine } from '../engine/engine';

/** What a query needs of the dataset: the engine, and the version its results belong to. */
export interface DatasetRef {
  engine: Engine | null;
  version: number;
}

/** Query keys start with the dataset version, so every load and clear invalidates them all. */
export const datasetKey = (dataset: DatasetRef, ...parts: unknown[]) => ['dataset', dataset.version, ...parts] as const;

export function requireEngine(dataset: DatasetRef): Engine {
  if (!dataset.engine) throw new Error('The database engine is not ready');
  return dataset.engine;
}

/**
 * Keeps the last result on screen while a new one computes (a settings change), but never a
 * result of another dataset version: after a load, an old report would be read as the new one.
 */
export function sameDatasetPlaceholder(dataset: DatasetRef) {
  return <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }) =>
    previousQuery?.queryKey[1] === dataset.version ? previous : undefined;
}
