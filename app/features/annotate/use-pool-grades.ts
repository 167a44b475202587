import { useRef, useState } from 'react';
import type { PoolItemRow } from '../../engine/sql/compare/pool';
import { poolItemKey } from '../../model/compare/pool-queue';
import { useLabeling } from '../../session/labeling';
import type { Grade } from '../../schema/given-label';
import { errorMessage } from '../../lib/error-message';

/** A grade given on one pool item: one label per list that holds the asset unlabeled. */
interface GradeHere {
  key: string;
  eventIds: string[];
}

/**
 * Grading pool items: a grade labels the item's asset on each retrieval of its lists (the labels
 * the pool needs to let it go, as the session inspector would give them one by one); undo takes
 * back the item's labels together and shows it again.
 */
export function usePoolGrades(showAgain: (key: string) => void) {
  const labeling = useLabeling();
  const stack = useRef<GradeHere[]>([]);
  const [undoable, setUndoable] = useState(0);
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const push = (entry: GradeHere) => {
    stack.current = [...stack.current, entry];
    setUndoable(stack.current.length);
  };

  const grade = async (item: PoolItemRow, value: Grade): Promise<boolean> => {
    const key = poolItemKey(item);
    const eventIds: string[] = [];
    try {
      for (const retrievalId of item.retrieval_ids) {
        eventIds.push((await labeling.give({ kind: 'relevance', retrieval_id: retrievalId, asset_id: item.asset_id, grade: value })).event_id);
      }
      setSkipped((set) => (set.has(key) ? new Set([...set].filter((other) => other !== key)) : set));
      setProblem(null);
      return true;
    } catch (error) {
      setProblem(`The label was not saved: ${errorMessage(error)}`);
      return false;
    } finally {
      if (eventIds.length > 0) push({ key, eventIds });
    }
  };

  const undo = async () => {
    const last = stack.current.at(-1);
    if (!last) return setProblem('Nothing to undo: no grade given on this queue is left.');
    stack.current = stack.current.slice(0, -1);
    setUndoable(stack.current.length);
    try {
      for (const eventId of last.eventIds) await labeling.retract(eventId);
      setProblem(null);
      showAgain(last.key);
    } catch (error) {
      setProblem(`Could not take the grade back: ${errorMessage(error)}`);
    }
  };

  return { grade, undo, undoable, skipped, skip: (key: string) => setSkipped((set) => new Set([...set, key])), problem };
}
