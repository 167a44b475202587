/** A key for (question_id, run_id) in which a null run is distinct from every named run. */
export const questionRunKey = (questionId: string, runId: string | null) => JSON.stringify([questionId, runId]);

export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
