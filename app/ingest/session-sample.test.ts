import { describe, expect, it } from 'vitest';
import { fnv1a } from '../lib/hash';
import { inSessionSample, keepsRecord } from '../lib/session-sample';
import { ingestFile } from './ingest-file';
import { textInputFile } from './text-input';

const sessionIds = Array.from({ length: 400 }, (_, n) => `s-${n}`);
const prompt = (sessionId: string, turn: number) =>
  JSON.stringify({ type: 'prompt', event_id: `${sessionId}-${turn}`, ts: '2026-09-01T10:00:00.000Z', session_id: sessionId, text: 'hello' });

describe('a sampled load (every k-th session by a hash of session_id)', () => {
  it('stores every event of the sampled sessions, none of the others, and keeps records with no session', async () => {
    const lines = [...sessionIds.flatMap((id) => [prompt(id, 1), prompt(id, 2)]), JSON.stringify({ type: 'label', kind: 'relevance', retrieval_id: 'r-1', asset_id: 'a', grade: 1, ts: '2026-09-01T10:00:00.000Z' })];
    const text = `${lines.join('\n')}\n`;
    const every = 3;
    const sampled = sessionIds.filter((id) => fnv1a(id) % every === 0).length;
    const result = await ingestFile({
      fileId: 1, fileName: 'sampled.jsonl', stream: textInputFile('sampled.jsonl', text, 4096).stream(), totalBytes: null,
      seqStart: 0, seenRetrievalIds: new Set(), target: { insert: async () => undefined }, sessionSample: { every },
    });
    expect(result).toMatchObject({ error: null, rejected: 0, countsByType: { prompt: 2 * sampled, label: 1 } });
    // Nothing is left out in silence: the records of the other sessions are counted.
    expect(result.sampledOut).toBe(2 * (sessionIds.length - sampled));
    expect(result.events + (result.sampledOut ?? 0)).toBe(lines.length);
    // About a third of 400 sessions: far from none and from all.
    expect(sampled).toBeGreaterThan(100);
    expect(sampled).toBeLessThan(170);
  });

  it('loads everything when k is 1, and names the same sessions every time', () => {
    expect(keepsRecord({ every: 1 })).toBeNull();
    expect(keepsRecord(null)).toBeNull();
    const first = sessionIds.filter((id) => inSessionSample(id, { every: 4 }));
    expect(sessionIds.filter((id) => inSessionSample(id, { every: 4 }))).toEqual(first);
  });
});
