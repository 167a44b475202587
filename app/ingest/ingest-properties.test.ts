import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createJsonLinesReader } from './jsonl-reader';
import { RecordAcceptor } from './record-acceptor';

/** Valid events of the main types, with ids drawn from small pools so that references meet. */
const id = (prefix: string) => fc.integer({ min: 1, max: 5 }).map((n) => `${prefix}${n}`);
const ts = fc.oneof(fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }), fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString()));
const text = fc.string({ maxLength: 12 });
const validEvent = fc.oneof(
  fc.record({ type: fc.constant('prompt'), ts, session_id: id('s'), turn_id: id('t'), text }),
  fc.record({
    type: fc.constant('retrieval'), ts, session_id: id('s'), retrieval_id: fc.uuid(), query: text,
    role: fc.constantFrom('find', 'browse', 'reference'), returned_asset_ids: fc.array(id('a'), { maxLength: 4 }), scores: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 4 }),
  }),
  fc.record({ type: fc.constant('action'), ts, session_id: id('s'), actor: fc.constantFrom('user', 'agent'), action: fc.constantFrom('select', 'place', 'export'), consumed_asset_id: id('a') }),
  fc.record({ type: fc.constant('label'), kind: fc.constant('relevance'), retrieval_id: id('r'), asset_id: id('a'), grade: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ type: fc.constant('gate'), ts, session_id: id('s'), decision: fc.constantFrom('answer', 'clarify', 'handoff'), dense_score: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ type: fc.constant('asset'), asset_id: id('a'), title: text }),
);

const CONTROL = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u2028', '\u2029', '\ufeff', '\ud800'];
const HOSTILE_VALUES: unknown[] = [1e400, -1, 12345678901234567890, '', null, true, [], {}, 'constructor', '__proto__', ['x', 1], '1790000000', '2026-02-30'];

/** One line of input: a valid event's JSON, or that JSON damaged one way or another. */
const line = fc.tuple(validEvent, fc.nat(), fc.nat(), fc.integer({ min: 0, max: 6 })).map(([event, at, pick, mutation]) => {
  const json = JSON.stringify(event);
  const position = at % (json.length + 1);
  const keys = Object.keys(event);
  switch (mutation) {
    case 1: // a character dropped
      return json.slice(0, position) + json.slice(position + 1);
    case 2: // a field's value swapped for one of another type
      return JSON.stringify({ ...event, [keys[pick % keys.length]]: HOSTILE_VALUES[pick % HOSTILE_VALUES.length] });
    case 3: // a control character injected
      return json.slice(0, position) + CONTROL[pick % CONTROL.length] + json.slice(position);
    case 4: // prototype keys
      return `{"__proto__":{"type":"asset"},"constructor":{"prototype":1},"toString":3,${json.slice(1)}`;
    case 5: // a label kind or type naming a prototype member
      return JSON.stringify({ ...event, type: pick % 2 ? 'label' : 'hasOwnProperty', kind: ['constructor', 'toString', '__proto__', 'valueOf'][pick % 4] });
    case 6: // a truncated line
      return json.slice(0, position);
    default:
      return json;
  }
});

describe('ingest of random streams and damaged lines (fast-check)', () => {
  it('never throws, and every line read is an event, a rejected row or a blank line', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.integer({ min: 1, max: 64 }), (lines, chunkChars) => {
        const records = new RecordAcceptor({ fileId: 1, fileName: 'fuzz.jsonl', seqStart: 0, seenRetrievalIds: new Set(), batchRows: 16 });
        const reader = createJsonLinesReader({
          text: records.text, value: records.accept,
          malformed: (lineNo, raw, reason, message) => records.reject(lineNo, raw, reason, null, message),
        });
        const input = lines.map((l) => `${l}\n`).join('');
        for (let start = 0; start < input.length; start += chunkChars) {
          reader.push(input.slice(start, start + chunkChars));
          for (const batch of records.ready(false)) batch.builder.flush();
        }
        reader.end();
        for (const batch of records.ready(true)) batch.builder.flush();
        const linesRead = input.split('\n').length - 1;
        expect(records.counts.events + records.counts.rejected + reader.blankLines).toBe(linesRead);
      }),
      { numRuns: 300 },
    );
  });
});
