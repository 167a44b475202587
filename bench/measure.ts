export interface Measurement {
  name: string;
  ms: number;
  baseline: string;
  baselineMs: number;
  note?: string;
  /** The aim for this figure, when it has one (scripts/bench.mjs marks it met or missed). */
  aimMs?: number;
}

export async function time<T>(run: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

/** The median of several runs: one slow run (GC, a busy core) does not set the number. */
export async function medianMs(runs: number, run: () => Promise<unknown> | unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await time(run)).ms);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export function report(measurements: Measurement[]): void {
  const rows = measurements.map((m) => ({
    benchmark: m.name,
    'time (ms)': m.ms.toFixed(1),
    baseline: m.baseline,
    'baseline (ms)': m.baselineMs.toFixed(1),
    ratio: (m.ms / m.baselineMs).toFixed(2),
    note: m.note ?? '',
  }));
  console.table(rows);
}
