import { useSyncExternalStore } from 'react';
import type { Dataset } from '../../session/dataset';
import { loadWithinBudget } from './budgeted-load';

/** What the user asked to open: picked or dropped files, or the bundled samples. */
export type OpenRequest = { kind: 'files'; files: File[] } | { kind: 'samples' };

/** The question on screen: what to open, with logs already loaded. */
export interface OpenQuestion {
  request: OpenRequest;
}

let asking: OpenQuestion | null = null;
const listeners = new Set<() => void>();
const setAsking = (next: OpenQuestion | null) => {
  asking = next;
  listeners.forEach((listener) => listener());
};

const open = (dataset: Dataset, request: OpenRequest) =>
  request.kind === 'files' ? loadWithinBudget(dataset, request.files) : dataset.loadSamples();

/**
 * Opens files or the samples. With no logs loaded they simply load; with logs loaded nothing
 * happens until the user says whether they add to the loaded logs or replace them
 * (AddOrReplaceChoice.tsx).
 */
export async function openLogs(dataset: Dataset, request: OpenRequest): Promise<void> {
  if (request.kind === 'files' && request.files.length === 0) return;
  if (dataset.summary.files === 0) return open(dataset, request);
  setAsking({ request });
}

/** The answer: add, replace (the loaded logs are cleared first), or null to cancel (nothing changes). */
export async function answerOpen(dataset: Dataset, answer: 'add' | 'replace' | null): Promise<void> {
  const question = asking;
  setAsking(null);
  if (!question || answer === null) return;
  if (answer === 'replace') await dataset.clear();
  await open(dataset, question.request);
}

export function useOpenQuestion(): OpenQuestion | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, () => asking);
}
