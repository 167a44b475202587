import type { Engine } from '../engine/engine';

/** What a query needs of the dataset: the engine, and the version its results belong to. */
export interface DatasetRef {
  engine: Engine | null;
  version: number;
  /**
   * Bumped by loads and clears only, not by labels given in this browser (which bump `version`).
   * Results that labels given here cannot change, or that screens merge those labels into
   * (model/annotation/given-rows.ts), are keyed by it and survive every keypress. Absent: `version`.
   */
  loadVersion?: number;
}

/** Query keys start with the dataset version, so every load and clear invalidates them all. */
export const datasetKey = (dataset: DatasetRef, ...parts: unknown[]) => ['dataset', dataset.version, ...parts] as const;

/**
 * A key that starts with the loaded logs rather than the dataset version: labels given here do
 * not change it (`DatasetRef.loadVersion`). Only for results that read no label, or whose labels
 * are shown merged with the labels given here.
 */
export const loadedLogsKey = (dataset: DatasetRef, ...parts: unknown[]) => ['dataset', `logs-${dataset.loadVersion ?? dataset.version}`, ...parts] as const;

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

/**
 * Like `sameDatasetPlaceholder`, and also across labels given here (same loaded logs): the last
 * result stays on screen, marked as recomputing by the screen, while the labels' new one computes,
 * rather than blanking. The key must end with `logsMark(dataset)`.
 */
export const logsMark = (dataset: DatasetRef) => `logs-${dataset.loadVersion ?? dataset.version}`;
export function sameLogsPlaceholder(dataset: DatasetRef) {
  return <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }) =>
    previousQuery?.queryKey.at(-1) === logsMark(dataset) ? previous : undefined;
}
