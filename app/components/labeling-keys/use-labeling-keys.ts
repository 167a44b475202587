import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { enqueue, keyText, mustWait, nextToApply } from './key-queue';
import { isTypingTarget, labelingAction, type CommandName, type KeyPress, type LabelingAction } from './keymap';

type Work = void | Promise<unknown>;

/** What a screen does for each action; a screen without an action leaves that key to the browser. A promise: keys wait until it settles. */
export type LabelingHandlers = Partial<Record<Exclude<CommandName, 'escape'>, () => Work>> & {
  /** A value key (values.ts). */
  value?(key: string): Work;
  /** Esc outside a text field (close a dialog); true when it did something. */
  escape?(): boolean;
};

/** A KeyboardEvent as the keymap reads it. */
export function keyPressOf(event: KeyboardEvent): KeyPress {
  const target = event.target instanceof HTMLElement ? event.target : null;
  return {
    key: event.key, ctrl: event.ctrlKey, meta: event.metaKey, alt: event.altKey, shift: event.shiftKey,
    typing: isTypingTarget(target),
    onControl: target?.closest('button, a, summary') != null,
  };
}

/** The handler of an action; undefined when the screen has none (the key is the browser's). */
function handlerOf(action: LabelingAction, act: LabelingHandlers): (() => Work) | undefined {
  if (action.name === 'value') return act.value ? () => act.value!(action.key) : undefined;
  if (action.name === 'escape') return undefined;
  return act[action.name] ?? (action.name === 'down' ? act.next : action.name === 'up' ? act.previous : undefined);
}

/** What the screen shows of keys that wait (key-queue.ts): the keys, and the last one refused. */
export interface WaitingKeys {
  keys: string[];
  refused: string | null;
}

/**
 * The labeling keyboard on the whole window (keymap.ts): one listener, always calling the
 * handlers of what is on screen. Ctrl/⌘ Enter and Esc in a text field leave the field first.
 * `ready` says the open item is on screen: keys pressed before, or while the previous key's work
 * is in progress, wait in order and are applied one by one (key-queue.ts); Esc drops them.
 */
export function useLabelingKeys(valueKeys: ReadonlySet<string>, handlers: LabelingHandlers, ready = true): WaitingKeys {
  const current = useRef({ valueKeys, handlers, ready });
  const queue = useRef<readonly LabelingAction[]>([]);
  const busy = useRef(false);
  const [shown, setShown] = useState<WaitingKeys>({ keys: [], refused: null });
  const [tick, setTick] = useState(0);
  const show = (refused: string | null) => setShown({ keys: queue.current.map(keyText), refused });
  // A layout effect: the next key sees the handlers of what is on screen, even when the render
  // came from a label saved in the background (whose passive effects may run after that key).
  useLayoutEffect(() => {
    current.current = { valueKeys, handlers, ready };
  });

  const run = (work: () => Work) => {
    const result = work();
    if (result instanceof Promise) {
      busy.current = true;
      void result.catch(() => undefined).finally(() => {
        busy.current = false;
        setTick((n) => n + 1);
      });
    }
  };

  // Applies the waiting keys, one a render: each sees the item and state its predecessor left.
  useEffect(() => {
    const action = nextToApply(queue.current, { ready, busy: busy.current });
    if (!action) return;
    queue.current = queue.current.slice(1);
    show(null);
    const handler = handlerOf(action, current.current.handlers);
    if (handler) run(handler);
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const press = keyPressOf(event);
      const { valueKeys: keys, handlers: act, ready: isReady } = current.current;
      const action = labelingAction(press, keys);
      if (!action) return;
      if (press.typing && (action.name === 'submit' || action.name === 'escape')) (event.target as HTMLElement).blur();
      if (action.name === 'escape') {
        const dropped = queue.current.length > 0;
        queue.current = [];
        if (dropped) show(null);
        if (press.typing || dropped || act.escape?.()) event.preventDefault();
        return;
      }
      const handler = handlerOf(action, act);
      if (!handler) return;
      event.preventDefault();
      if (mustWait(action, { ready: isReady, busy: busy.current, waiting: queue.current.length })) {
        const added = enqueue(queue.current, action);
        queue.current = added.queue;
        show(added.refused ? keyText(added.refused) : null);
        setTick((n) => n + 1);
        return;
      }
      run(handler);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  void tick;
  return shown;
}
