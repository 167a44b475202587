import { describe, expect, it } from 'vitest';
import type { EventRow } from '../../schema/fields';
import { actionRow, at, retrievalRow } from './test-rows';
import { buildTimeline, type SessionEvent, type SessionInspectorRows } from './timeline';

/** A stored event with only the fields a case sets (the rest null). */
const event = (seq: number, fields: Partial<EventRow>): SessionEvent =>
  ({ type: 'action', ts: at(seq), seq, event_id: `e${seq}`, session_id: 's1', turn_id: 't1', file_id: 0, line: seq, extra: null, ...fields }) as SessionEvent;

const rows = (overrides: Partial<SessionInspectorRows>): SessionInspectorRows => ({
  events: [], retrievals: [], actions: [], assets: [], relevance: [], warnings: [], spans: [], ...overrides,
});

const marksOf = (timeline: ReturnType<typeof buildTimeline>, eventId: string) =>
  timeline.flatMap((turn) => turn.entries).find((entry) => entry.event.event_id === eventId)!.marks.map((mark) => mark.label);

describe('buildTimeline', () => {
  it('a retrieval carries its full list with titles, scores, grades, repeats and the actions on each result', () => {
    const timeline = buildTimeline(rows({
      events: [event(1, { type: 'retrieval', event_id: 'er', retrieval_id: 'r1' }), event(2, { event_id: 'sel' })],
      retrievals: [retrievalRow('r1', ['a1', 'a2', 'a1'], { scores: [0.9, 0.8, 0.7] })],
      actions: [
        actionRow('sel', 'user', 'select', { consumed_asset_id: 'a2', source_retrieval_id: 'r1' }),
        actionRow('exp', 'user', 'export', { consumed_asset_id: 'a2', session_id: 's9', effective_source_retrieval_id: 'r1', inherited: true }),
      ],
      assets: [{ asset_id: 'a2', title: 'Poster', kind: 'template' }],
      relevance: [{ retrieval_id: 'r1', asset_id: 'a1', grade: 3 }],
    }), 's1');
    const [retrieval, select] = timeline[0].entries;
    expect(retrieval.nodeId).toBe('retrieval:r1');
    expect(select.nodeId).toBe('action:sel');
    expect(retrieval.results!.map((item) => [item.position, item.rank, item.repeatOf, item.title, item.score, item.grade, item.actions.map((a) => a.label)])).toEqual([
      [1, 1, null, null, 0.9, 3, []],
      [2, 2, null, 'Poster', 0.8, null, ['user select', 'user export']],
      [3, null, 1, null, 0.7, 3, []],
    ]);
    expect(retrieval.results![1].actions[1]).toMatchObject({ external: true, sessionId: 's9', inherited: true });
  });

  it('marks masked failures, ORF signals, empty results and re-searches on retrievals', () => {
    const timeline = buildTimeline(rows({
      events: [event(1, { type: 'retrieval', event_id: 'e1', retrieval_id: 'r1' }), event(2, { type: 'retrieval', event_id: 'e2', retrieval_id: 'r2' })],
      retrievals: [
        retrievalRow('r1', ['a1'], { matrix_cell: 'masked_silent', tier1_bad: true }),
        retrievalRow('r2', [], { orf_signals: 'complaint,down_feedback', rewrite_of: 'r1', tier1_bad: true, matrix_cell: 'visible_failure' }),
      ],
    }), 's1');
    expect(marksOf(timeline, 'e1')).toEqual(['masked retrieval failure (silent)']);
    expect(marksOf(timeline, 'e2')).toEqual(['Tier 1 bad', 'ORF: complaint', 'ORF: down-vote', 'empty result', 're-search of r1']);
  });

  it('marks complaints, agent bypasses, inherited and cross-session exports, orphans and downstream corrections on actions', () => {
    const timeline = buildTimeline(rows({
      events: [
        event(1, { type: 'retrieval', event_id: 'er', retrieval_id: 'r1', request_id: 'q1' }),
        event(2, { event_id: 'c' }), event(3, { event_id: 'b' }), event(4, { event_id: 'x' }), event(5, { event_id: 'o' }), event(6, { event_id: 'ed' }),
      ],
      retrievals: [retrievalRow('r1', ['a1'], { session_id: 's0' })],
      actions: [
        actionRow('p', 'user', 'place', { consumed_asset_id: 'a1', source_retrieval_id: 'r1', session_id: 's0', ts: at(0) }),
        actionRow('c', 'user', 'complain', { consumed_asset_id: 'a1', source_retrieval_id: 'r1' }),
        actionRow('b', 'agent', 'use', { consumed_asset_id: 'a9' }),
        actionRow('x', 'user', 'export', { consumed_asset_id: 'a1', effective_source_retrieval_id: 'r1', inherited: true, inherited_from_event_id: 'p' }),
        actionRow('o', 'user', 'select', { consumed_asset_id: 'a1', source_retrieval_id: 'r-gone' }),
        actionRow('ed', 'user', 'edit', { consumed_asset_id: 'a1', source_retrieval_id: 'r1' }),
      ],
      warnings: [{ seq: 5, field: 'source_retrieval_id', message: 'names retrieval "r-gone", which no loaded event defines' }],
    }), 's1');
    expect(marksOf(timeline, 'c')).toEqual(['ORF: complain']);
    expect(marksOf(timeline, 'b')).toEqual(['ORF: agent bypass']);
    expect(marksOf(timeline, 'x')).toEqual(['inherited lineage ← r1', 'cross-session completion ← s0']);
    expect(marksOf(timeline, 'o')).toEqual(['orphan reference']);
    expect(marksOf(timeline, 'ed')).toEqual(['downstream correction']);
  });

  it('marks a down-vote naming a retrieval as ORF and keeps reference warnings of other events', () => {
    const timeline = buildTimeline(rows({
      events: [
        event(1, { type: 'feedback', event_id: 'f1', rating: 'down', retrieval_id: 'r1' }),
        event(2, { type: 'feedback', event_id: 'f2', rating: 'down' }),
        event(3, { type: 'prompt', event_id: 'p', rewrite_of: 't0' }),
      ],
      warnings: [{ seq: 3, field: 'rewrite_of', message: 'names turn "t0", which no loaded event defines' }],
    }), 's1');
    expect(marksOf(timeline, 'f1')).toEqual(['ORF: down-vote on r1']);
    expect(marksOf(timeline, 'f2')).toEqual(['thumbs down']);
    expect(marksOf(timeline, 'p')).toEqual(['rephrases t0', 'orphan rewrite_of']);
  });

  it('puts each thumbs up or down on the response it names, and links the feedback back to it', () => {
    const timeline = buildTimeline(rows({
      events: [
        event(1, { type: 'response', event_id: 'ans' }),
        event(2, { type: 'feedback', event_id: 'down', rating: 'down', target_event_id: 'ans' }),
        event(3, { type: 'feedback', event_id: 'up', rating: 'up', target_event_id: 'ans' }),
        event(4, { type: 'feedback', event_id: 'far', rating: 'down', target_event_id: 'in-another-session' }),
      ],
    }), 's1');
    const entry = (id: string) => timeline[0].entries.find((e) => e.event.event_id === id)!;
    expect(entry('ans').feedback.map((f) => f.event_id)).toEqual(['down', 'up']);
    expect(entry('down').feedbackTarget?.event_id).toBe('ans');
    expect(entry('far').feedbackTarget).toBeNull();
    expect(entry('down').feedback).toEqual([]);
  });
  it("a retrieval's stages beside its returned list, with where each asset its actions consumed ranks; derived actions are marked", () => {
    const stages = JSON.stringify([
      { name: 'bm25', kind: 'retriever', asset_ids: ['a2', 'a1'], scores: [9.5, 7.25] },
      { name: 'rerank', kind: 'rerank', asset_ids: ['a1'], scores: [0.9] },
    ]);
    const timeline = buildTimeline(rows({
      events: [event(1, { type: 'retrieval', event_id: 'er', retrieval_id: 'r1', stages }), event(2, { event_id: 'use', derived: 'context-match' })],
      retrievals: [retrievalRow('r1', ['a1'])],
      actions: [actionRow('use', 'agent', 'use', { consumed_asset_id: 'a1', source_retrieval_id: 'r1', derived: 'context-match' })],
      assets: [{ asset_id: 'a1', title: 'Refunds', kind: null }],
    }), 's1');
    const [retrieval, use] = timeline[0].entries;
    expect(retrieval.stages!.lists.map((list) => [list.label, list.rows.map((row) => `${row.assetId}${row.used ? '*' : ''}`)])).toEqual([
      ['bm25', ['a2', 'a1*']], ['rerank', ['a1*']], ['returned', ['a1*']],
    ]);
    expect(retrieval.stages!.used.map((asset) => [asset.assetId, asset.title, asset.usage])).toEqual([['a1', 'Refunds', 'used']]);
    expect(retrieval.results![0].actions.map((action) => [action.label, action.derived?.label])).toEqual([['agent use', 'derived · context match']]);
    expect(use.stages).toBeNull();
  });

  it('a failed retrieval is no empty result; a retrieval without stages has none', () => {
    const timeline = buildTimeline(rows({
      events: [event(1, { type: 'retrieval', event_id: 'ef', retrieval_id: 'rf' }), event(2, { type: 'retrieval', event_id: 'ee', retrieval_id: 're' })],
      retrievals: [retrievalRow('rf', [], { error: 'timeout after 30 s' }), retrievalRow('re', [])],
    }), 's1');
    expect(marksOf(timeline, 'ef')).toEqual([]);
    expect(marksOf(timeline, 'ee')).toEqual(['empty result']);
    expect(timeline[0].entries.map((entry) => entry.stages)).toEqual([null, null]);
  });
});
