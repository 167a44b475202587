/** What the last sync of the journal into the dataset saw and applied (engine/given-labels.ts). */
export interface LastLabelSync {
  /** The ids of the journal's labels then. */
  journal: ReadonlySet<string>;
  /** The ids of those the loaded logs hold the items of: applied to the dataset. */
  applied: readonly string[];
}

export const NO_LABEL_SYNC: LastLabelSync = { journal: new Set(), applied: [] };

/**
 * The ids of the labels given here that are on the loaded logs, known without asking the engine
 * (Clear asks at once, whatever the screens are computing): those the last sync applied and still
 * in the journal, and those given since, which count as on these logs until a sync says otherwise
 * (a label is given on the logs on screen; at worst Clear asks once more than it needs to).
 */
export function labelIdsOnLoadedLogs(last: LastLabelSync, journalIds: readonly string[]): string[] {
  const current = new Set(journalIds);
  return [...last.applied.filter((id) => current.has(id)), ...journalIds.filter((id) => !last.journal.has(id))];
}
