import { useSyncExternalStore } from 'react';
import type { SessionSample } from '../../lib/session-sample';
import { estimateMemory, type MemoryEstimate } from '../../model/memory-budget';
import type { Dataset } from '../../session/dataset';
import { tabBudget } from '../../session/tab-budget';

/** A gzip file's last four bytes: ISIZE, its expanded size modulo 2^32 (RFC 1952). */
async function gzipTrailerSize(file: File): Promise<number | null> {
  if (!/\.gz$/i.test(file.name) || file.size < 18) return null;
  try {
    const tail = new DataView(await file.slice(file.size - 4).arrayBuffer());
    return tail.getUint32(0, true);
  } catch {
    return null;
  }
}

const HEAD_BYTES = 256 * 1024;
/** Enough output to tell a bomb: the head stops being expanded past this. */
const HEAD_OUTPUT_CAP = 64 * 1024 * 1024;

/** Bytes out per byte in over the file's first 256 kB, expanded (the piece ends mid-stream: what came out counts). */
async function gzipHeadRatio(file: File): Promise<number | null> {
  if (!/\.gz$/i.test(file.name) || typeof DecompressionStream === 'undefined') return null;
  const head = file.slice(0, HEAD_BYTES);
  let out = 0;
  const reader = head.stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done && out < HEAD_OUTPUT_CAP; chunk = await reader.read()) out += chunk.value.byteLength;
  } catch {
    // the piece ends mid-stream, or the file is no gzip: what came out before counts
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return out > 0 ? out / head.size : null;
}

export async function estimateFiles(files: readonly File[], budgetBytes: number): Promise<MemoryEstimate> {
  const described = await Promise.all(files.map(async (file) => ({
    name: file.name, size: file.size, gzipTrailerSize: await gzipTrailerSize(file), gzipHeadRatio: await gzipHeadRatio(file),
  })));
  return estimateMemory(described, budgetBytes);
}

export interface HeldLoad {
  files: File[];
  estimate: MemoryEstimate;
}

/** The state the load bar shows: a load held over the budget, or the sample the last load took. */
export interface BudgetState {
  held: HeldLoad | null;
  sampled: SessionSample | null;
}

let state: BudgetState = { held: null, sampled: null };
const listeners = new Set<() => void>();
const setState = (next: BudgetState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

/**
 * Loads picked or dropped files, unless their estimate is over the budget: then the load is held
 * and the load bar offers the choices (MemoryBudgetChoice.tsx).
 */
export async function loadWithinBudget(dataset: Dataset, files: File[]): Promise<void> {
  if (files.length === 0) return;
  const estimate = await estimateFiles(files, tabBudget().bytes);
  if (estimate.overBudget) setState({ ...state, held: { files, estimate } });
  else {
    setState({ ...state, sampled: null });
    await dataset.loadFiles(files);
  }
}

export function resolveHeld(dataset: Dataset, choice: { files?: File[]; sessionSample?: SessionSample | null } | null): void {
  const { held } = state;
  const sampled = choice?.sessionSample ?? null;
  setState({ held: null, sampled: held && choice ? sampled : state.sampled });
  if (held && choice) void dataset.loadFiles(choice.files ?? held.files, sampled);
}

export const dismissSampleNote = () => setState({ ...state, sampled: null });

export function useBudgetState(): BudgetState {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, () => state);
}
