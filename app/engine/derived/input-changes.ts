import type { Engine } from '../engine';
import { run } from '../sql/core/run';
import { APPENDED_COUNT_ROW, appendedCountSql, appendedRowsSql, INPUT_SNAPSHOT_ROW, INPUT_SNAPSHOT_SQL, type InputState } from '../sql/derived/state';

export type InputStates = Map<string, InputState>;

/**
 * How an input differs from what a derived table last saw: not at all; by appended rows (for a
 * derived input: by recomputed keys), as the relation `rows`; or in a way only a full rebuild
 * follows.
 */
export type InputChange = { kind: 'unchanged' } | { kind: 'changed'; rows: string } | { kind: 'replaced' };

export const UNCHANGED: InputChange = { kind: 'unchanged' };
export const REPLACED: InputChange = { kind: 'replaced' };

export async function readInputStates(engine: Engine): Promise<InputStates> {
  const rows = await run(engine, INPUT_SNAPSHOT_SQL, INPUT_SNAPSHOT_ROW);
  return new Map(rows.map(({ input, ...state }) => [input, state]));
}

export const sameState = (a: InputState | undefined, b: InputState | undefined) =>
  a !== undefined && b !== undefined && a.generation === b.generation && a.row_count === b.row_count && a.max_position === b.max_position;

/** Compares the loaded inputs now with earlier states of them; counts each append once per pass. */
export class LoadedInputChanges {
  private readonly appendedCounts = new Map<string, Promise<number>>();

  constructor(private readonly engine: Engine, readonly now: InputStates) {}

  async since(input: string, before: InputState | undefined): Promise<InputChange> {
    const now = this.now.get(input)!;
    if (sameState(before, now)) return UNCHANGED;
    if (!before || before.generation !== now.generation) return REPLACED;
    // Only appends keep the old rows: then exactly the new rows lie past the old largest position.
    const appended = await this.appendedCount(input, before.max_position);
    return appended === now.row_count - before.row_count ? { kind: 'changed', rows: appendedRowsSql(input, before.max_position) } : REPLACED;
  }

  private appendedCount(input: string, position: number): Promise<number> {
    const key = `${input}@${position}`;
    let count = this.appendedCounts.get(key);
    if (!count) {
      count = run(this.engine, appendedCountSql(input, position), APPENDED_COUNT_ROW).then(([row]) => row.n);
      this.appendedCounts.set(key, count);
    }
    return count;
  }
}
