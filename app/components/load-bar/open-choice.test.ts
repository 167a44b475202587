import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../session/dataset';
import { unexportedLabels } from '../../storage/exported-labels';
import { answerOpen, openLogs } from './open-choice';

/** A dataset that records what was asked of it. */
function fakeDataset(files: number) {
  const calls: string[] = [];
  const dataset = {
    summary: { files },
    loadSamples: async () => { calls.push('load samples'); },
    clear: async () => { calls.push('clear'); },
  } as unknown as Dataset;
  return { dataset, calls };
}

describe('opening logs with logs loaded', () => {
  it('loads at once when nothing is loaded', async () => {
    const { dataset, calls } = fakeDataset(0);
    await openLogs(dataset, { kind: 'samples' });
    expect(calls).toEqual(['load samples']);
  });

  it.each([
    ['add', ['load samples']],
    ['replace', ['clear', 'load samples']],
    [null, []],
  ] as const)('asks first; the answer %s does %j', async (answer, expected) => {
    const { dataset, calls } = fakeDataset(3);
    await openLogs(dataset, { kind: 'samples' });
    expect(calls).toEqual([]);
    await answerOpen(dataset, answer);
    expect(calls).toEqual(expected);
    // The question is answered once: a second answer does nothing.
    await answerOpen(dataset, 'add');
    expect(calls).toEqual(expected);
  });
});

describe('unexportedLabels', () => {
  it('keeps the applied labels no export has written', () => {
    expect(unexportedLabels(['a', 'b', 'c'], new Set(['b', 'x']))).toEqual(['a', 'c']);
    expect(unexportedLabels([], new Set(['b']))).toEqual([]);
  });
});
