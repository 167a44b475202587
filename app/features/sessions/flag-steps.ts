import type { TimelineMark } from '../../model/lineage/timeline-marks';
import type { TimelineTurn } from '../../model/lineage/timeline';
import { eventAnchor } from '../../model/session/event-anchor';

/** One event a header chip steps to: its timeline anchor (the URL's #fragment) and its graph node, if it has one. */
export interface FlagStep {
  anchor: string;
  nodeId: string | null;
}

type Entry = TimelineTurn['entries'][number];

/** The events, in timeline order, for which `has` holds: one step each, however many marks it carries. */
export function stepsWhere(turns: readonly TimelineTurn[], has: (entry: Entry) => boolean): FlagStep[] {
  return turns.flatMap((turn) => turn.items.flatMap((item) =>
    item.kind === 'event' && has(item.entry) ? [{ anchor: eventAnchor(item.entry.event), nodeId: item.entry.nodeId }] : []));
}

/** The events carrying a mark that `matches`. */
export const markSteps = (turns: readonly TimelineTurn[], matches: (mark: TimelineMark) => boolean): FlagStep[] =>
  stepsWhere(turns, (entry) => entry.marks.some(matches));

/** The events carrying a drift flag (by event seq). */
export const driftSteps = (turns: readonly TimelineTurn[], flagsByEvent: ReadonlyMap<number, readonly unknown[]>): FlagStep[] =>
  stepsWhere(turns, (entry) => (flagsByEvent.get(entry.event.seq)?.length ?? 0) > 0);

/** Where a chip's click goes: the step after the one the URL is at, from the last back to the first; the first when it is at none. */
export function nextStepIndex(steps: readonly FlagStep[], currentAnchor: string | null): number {
  const at = steps.findIndex((step) => step.anchor === currentAnchor);
  return at < 0 ? 0 : (at + 1) % steps.length;
}
