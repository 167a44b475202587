import { describe, expect, it } from 'vitest';
import { scopedEvents, scopeFilter } from './event-scope';
import { ANY_SCOPE, type EventScope } from '../../model/event-scope';
import { at, type TestEvent } from './metrics/fixtures';
import { run } from './core/run';
import { sql } from './core/sql-query';
import { loadedTestEngine } from './metrics/loaded-test-engine';

const WEEK = 7 * 24 * 60;

/**
 * t1 is a billing turn (its prompt's category), t2 a returns turn. A gate logs its own category;
 * a feedback has none and no turn, and takes the category of the turn of the response it targets.
 */
const DATASET: TestEvent[] = [
  { type: 'prompt', event_id: 'p1', session_id: 's1', turn_id: 't1', text: 'refund?', category: 'billing', ts: at(0), run_id: 'bot' },
  { type: 'gate', event_id: 'g1', session_id: 's1', turn_id: 't1', decision: 'handoff', ts: at(1), run_id: 'bot' },
  { type: 'gate', event_id: 'g2', session_id: 's1', turn_id: 't1', decision: 'answer', category: 'returns', ts: at(2), run_id: 'bot' },
  { type: 'response', event_id: 'resp1', session_id: 's1', turn_id: 't1', text: 'yes', ts: at(3), run_id: 'bot' },
  { type: 'feedback', event_id: 'f1', session_id: 's1', rating: 'down', target_event_id: 'resp1', ts: at(WEEK), surface: 'chat' },
  { type: 'prompt', event_id: 'p2', session_id: 's2', turn_id: 't2', text: 'poem', ts: at(WEEK), run_id: 'creative' },
];

const engine = loadedTestEngine(DATASET);

const ids = async (view: string, scope: EventScope) => {
  const filter = scopeFilter(scope, 'e');
  const query = sql`SELECT event_id FROM ${scopedEvents(view)} e WHERE ${filter} ORDER BY event_id`;
  return (await run(engine, query, { event_id: 'string' })).map((row) => row.event_id);
};

describe('event scope', () => {
  it('an event takes its own category, else its turn prompt’s, else its target response’s turn', async () => {
    const rows = await run(engine, sql`SELECT event_id, scope_category FROM ${scopedEvents('events')} ORDER BY event_id`, { event_id: 'string', scope_category: 'string|null' });
    expect(Object.fromEntries(rows.map((row) => [row.event_id, row.scope_category]))).toEqual({
      f1: 'billing', g1: 'billing', g2: 'returns', p1: 'billing', p2: null, resp1: 'billing',
    });
  });

  it('narrows by category, system, surface and ISO week', async () => {
    expect(await ids('gates', { ...ANY_SCOPE, category: 'billing' })).toEqual(['g1']);
    expect(await ids('events', { ...ANY_SCOPE, system: 'creative' })).toEqual(['p2']);
    expect(await ids('feedback', { ...ANY_SCOPE, surface: 'chat', category: 'billing' })).toEqual(['f1']);
    const [{ week }] = await run(engine, sql`SELECT scope_week AS week FROM ${scopedEvents('prompts')} WHERE event_id = 'p1'`, { week: 'string' });
    expect(week).toMatch(/^\d{4}-W\d{2}$/);
    expect(await ids('events', { ...ANY_SCOPE, week })).toEqual(['g1', 'g2', 'p1', 'resp1']);
  });
});
