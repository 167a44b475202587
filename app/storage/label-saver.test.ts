import { describe, expect, it } from 'vitest';
import { GIVEN_LABEL_VERSION, type GivenLabel } from '../schema/given-label';
import type { LabelJournal } from './label-journal';
import { LabelSaver, mergeUnsaved, storageProblem, type LabelSaveState } from './label-saver';

const label = (n: number): GivenLabel => ({
  version: GIVEN_LABEL_VERSION, event_id: `label-t-${n}`, annotator: 't', ts: 1000 + n, kind: 'relevance', retrieval_id: 'r-1', asset_id: `a-${n}`, grade: 1,
} as GivenLabel);

/** A journal whose writes fail while `full` is set, as a browser at its storage quota does. */
function fakeJournal() {
  const stored = new Map<string, GivenLabel>();
  const journal = {
    full: false,
    stored,
    add: (given: GivenLabel) => {
      if (journal.full) return Promise.reject(new DOMException('quota', 'QuotaExceededError'));
      stored.set(given.event_id, given);
      return Promise.resolve();
    },
  };
  return journal;
}

describe('LabelSaver', () => {
  it('keeps a label the journal refused, says why, and writes it (and later ones, in order) once there is room', async () => {
    const journal = fakeJournal();
    const states: LabelSaveState[] = [];
    const saver = new LabelSaver(() => Promise.resolve(journal as unknown as LabelJournal), (state) => states.push(state));
    expect(await saver.save(label(1))).toBe(true);
    journal.full = true;
    expect(await saver.save(label(2))).toBe(false);
    expect(saver.state.unsaved.map((given) => given.event_id)).toEqual(['label-t-2']);
    expect(saver.state.problem).toBe("This browser's storage for this page is full, so the label could not be saved.");
    // The label saved before is untouched by the failure.
    expect([...journal.stored.keys()]).toEqual(['label-t-1']);
    expect(await saver.save(label(3))).toBe(false);
    expect(saver.state.unsaved).toHaveLength(2);
    journal.full = false;
    await saver.retry();
    expect(saver.state).toEqual({ unsaved: [], problem: null });
    expect([...journal.stored.keys()]).toEqual(['label-t-1', 'label-t-2', 'label-t-3']);
    expect(states.at(-1)).toEqual({ unsaved: [], problem: null });
  });

  it('forgets a waiting label taken back', async () => {
    const journal = fakeJournal();
    journal.full = true;
    const saver = new LabelSaver(() => Promise.resolve(journal as unknown as LabelJournal), () => undefined);
    await saver.save(label(1));
    saver.forget(['label-t-1']);
    expect(saver.state).toEqual({ unsaved: [], problem: null });
  });
});

describe('mergeUnsaved', () => {
  it('adds the waiting labels not in the journal, in label order', () => {
    expect(mergeUnsaved([label(1), label(3)], [label(2), label(3)]).map((given) => given.event_id)).toEqual(['label-t-1', 'label-t-2', 'label-t-3']);
  });
});

describe('storageProblem', () => {
  it('names other refusals with their message', () => {
    expect(storageProblem(new Error('disk I/O'))).toBe('This browser refused to save the label (disk I/O).');
  });
});
