import { describe, expect, it } from 'vitest';
import { labelIdsOnLoadedLogs, NO_LABEL_SYNC } from './labels-on-loaded-logs';

describe('labelIdsOnLoadedLogs', () => {
  const last = { journal: new Set(['here', 'elsewhere', 'taken back']), applied: ['here', 'taken back'] };

  it('counts the labels the last sync applied, not those it left to other logs', () => {
    expect(labelIdsOnLoadedLogs(last, ['here', 'elsewhere', 'taken back'])).toEqual(['here', 'taken back']);
  });

  it('counts a label given since the last sync, and drops one taken back since', () => {
    expect(labelIdsOnLoadedLogs(last, ['here', 'elsewhere', 'new'])).toEqual(['here', 'new']);
  });

  it('before any sync, every label of the journal counts', () => {
    expect(labelIdsOnLoadedLogs(NO_LABEL_SYNC, ['a', 'b'])).toEqual(['a', 'b']);
  });
});
