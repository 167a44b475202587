const KEY = 'retrieval-inspector:labels-exported';

/**
 * The ids of the labels given here that an export has written to a file, in localStorage: Clear
 * and Replace ask first while labels given on the loaded logs are in no file yet (they stay in the
 * journal either way, but a file is what another browser or a colleague can load).
 */
export const exportedLabels = {
  read(): Set<string> {
    try {
      const parsed: unknown = JSON.parse(window.localStorage?.getItem(KEY) ?? '[]');
      return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []);
    } catch {
      return new Set();
    }
  },
  add(eventIds: readonly string[]): void {
    if (eventIds.length === 0) return;
    this.write(new Set([...this.read(), ...eventIds]));
  },
  /** Keeps only the ids of labels still in the journal (the others were discarded or taken back). */
  keepOnly(eventIds: readonly string[]): void {
    const kept = new Set(eventIds);
    this.write(new Set([...this.read()].filter((id) => kept.has(id))));
  },
  write(ids: ReadonlySet<string>): void {
    try {
      if (ids.size === 0) window.localStorage?.removeItem(KEY);
      else window.localStorage?.setItem(KEY, JSON.stringify([...ids]));
    } catch {
      // storage full or refused: Clear then asks once more than it needs to
    }
  },
};

/** The labels given here and applied to the loaded logs that no export has written yet. */
export function unexportedLabels(appliedHere: readonly string[], exported: ReadonlySet<string>): string[] {
  return appliedHere.filter((id) => !exported.has(id));
}
