import { afterAll, beforeAll } from 'vitest';
import type { Engine } from '../../engine';
import { createTestEngine, loadEvents, type TestEvent } from './fixtures';

/**
 * The engine of one test file: created (with empty tables) and loaded with `events`, if any,
 * before its tests; closed after.
 * Returned at once (tests are defined before beforeAll runs), so calls go to the loaded engine.
 */
export function loadedTestEngine(events?: TestEvent[]): Engine {
  let loaded: Engine | null = null;
  beforeAll(async () => {
    loaded = await createTestEngine();
    if (events) await loadEvents(loaded, events);
  }, 60_000);
  afterAll(() => loaded?.close());
  return new Proxy({} as Engine, {
    get(_, name) {
      if (!loaded) throw new Error('the test engine is used before beforeAll loaded it');
      const value = Reflect.get(loaded, name);
      return typeof value === 'function' ? value.bind(loaded) : value;
    },
  });
}
