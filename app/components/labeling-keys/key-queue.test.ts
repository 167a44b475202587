import { describe, expect, it } from 'vitest';
import { enqueue, KEY_QUEUE_LIMIT, keyText, mustWait, nextToApply } from './key-queue';
import type { LabelingAction } from './keymap';

const value = (key: string): LabelingAction => ({ name: 'value', key });
const submit: LabelingAction = { name: 'submit' };

/** Plays keys against a screen whose item loads after `loadAfter` steps; returns what was applied to which item. */
function play(keys: LabelingAction[], items: string[]) {
  let queue: readonly LabelingAction[] = [];
  let open = 0;
  let ready = false;
  const applied: string[] = [];
  const apply = (action: LabelingAction) => {
    if (action.name === 'value') applied.push(`${items[open]}:${action.key}`);
    if (action.name === 'submit') {
      open += 1;
      ready = false; // the next item loads
    }
  };
  for (const key of keys) {
    if (mustWait(key, { ready, busy: false, waiting: queue.length })) queue = enqueue(queue, key).queue;
    else apply(key);
  }
  // The items load one after another; each waiting key is applied when its item is on screen.
  for (let guard = 0; guard < 50 && queue.length > 0; guard += 1) {
    ready = true;
    let next = nextToApply(queue, { ready, busy: false });
    while (next) {
      queue = queue.slice(1);
      apply(next);
      next = nextToApply(queue, { ready, busy: false });
    }
  }
  return applied;
}

describe('the key queue: no key dropped while an item loads', () => {
  it('applies keys typed during loads in order, each to the item it was meant for', () => {
    expect(play([value('2'), submit, value('1'), submit, value('0')], ['a', 'b', 'c'])).toEqual(['a:2', 'b:1', 'c:0']);
  });

  it('keys wait while the item loads, while work is in progress, and behind keys already waiting', () => {
    expect(mustWait(value('1'), { ready: false, busy: false, waiting: 0 })).toBe(true);
    expect(mustWait(value('1'), { ready: true, busy: true, waiting: 0 })).toBe(true);
    expect(mustWait(value('1'), { ready: true, busy: false, waiting: 1 })).toBe(true);
    expect(mustWait(value('1'), { ready: true, busy: false, waiting: 0 })).toBe(false);
  });

  it('the `?` list and Esc never wait', () => {
    expect(mustWait({ name: 'help' }, { ready: false, busy: true, waiting: 3 })).toBe(false);
    expect(mustWait({ name: 'escape' }, { ready: false, busy: true, waiting: 3 })).toBe(false);
  });

  it('nothing is applied before the item is on screen or while work is in progress', () => {
    expect(nextToApply([value('1')], { ready: false, busy: false })).toBeNull();
    expect(nextToApply([value('1')], { ready: true, busy: true })).toBeNull();
    expect(nextToApply([value('1'), submit], { ready: true, busy: false })).toEqual(value('1'));
  });

  it('refuses a key, visibly, beyond the limit, keeping the ones that wait', () => {
    const full = Array.from({ length: KEY_QUEUE_LIMIT }, () => value('1'));
    const result = enqueue(full, submit);
    expect(result.refused).toEqual(submit);
    expect(result.queue).toHaveLength(KEY_QUEUE_LIMIT);
    expect(enqueue([], submit)).toEqual({ queue: [submit], refused: null });
  });

  it('shows keys as the annotator typed them', () => {
    expect([value('2'), submit, { name: 'undo' } as LabelingAction, { name: 'skip' } as LabelingAction].map(keyText)).toEqual(['2', 'Enter', 'z', 's']);
  });
});
