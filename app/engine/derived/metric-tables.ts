import type { Engine } from '../engine';
import { METRIC_TABLES } from '../sql/derived/registry';
import { updateDerivedTables } from './update-derived-tables';

interface PassQueue {
  last: Promise<unknown>;
  /** The queued pass that has not started yet, shared by every caller until it starts. */
  waiting: Promise<void> | null;
}

const queues = new WeakMap<Engine, PassQueue>();

function queueOf(engine: Engine): PassQueue {
  let queue = queues.get(engine);
  if (!queue) {
    queue = { last: Promise.resolve(), waiting: null };
    queues.set(engine, queue);
  }
  return queue;
}

/** Passes over one engine run one at a time: two never write the same table at once. */
function enqueue(engine: Engine, pass: () => Promise<unknown>): Promise<void> {
  const queue = queueOf(engine);
  const run = queue.last.catch(() => undefined).then(pass).then(() => undefined);
  queue.last = run;
  return run;
}

/**
 * Brings the tables the metrics derive from the data alone (action_lineage, resolved labels,
 * per-retrieval signals, prompt and completion facts) up to date with the loaded events; cheap
 * when nothing changed. A call while a pass runs waits for one more pass after it, so it sees
 * what the running pass may have started too early to see.
 */
export function ensureDerivedTables(engine: Engine): Promise<void> {
  const queue = queueOf(engine);
  if (queue.waiting) return queue.waiting;
  const waiting = enqueue(engine, () => {
    queue.waiting = null;
    return updateDerivedTables(engine, METRIC_TABLES);
  });
  queue.waiting = waiting;
  return waiting;
}

/** Rebuilds every metric table from scratch. */
export function refreshDerivedTables(engine: Engine): Promise<void> {
  return enqueue(engine, () => updateDerivedTables(engine, METRIC_TABLES, { rebuild: true }));
}
