import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFiles } from '../../ingest/load-files';
import { LoadState } from '../../ingest/load-state';
import { makeDocument, makeSpan, RETRIEVER } from '../../ingest/otlp/otlp-test-builders';
import { buildSdkTraces } from '../../ingest/otlp/sdk-fixture';
import { textInputFile } from '../../ingest/text-input';
import { EVENT_TYPE_NAMES } from '../../schema/event-types';
import type { Engine } from '../engine';
import { createNodeEngine } from '../node-engine';
import { initDataset } from '../dataset';
import { EXPORTED_EVENT_COLUMNS, exportEventsPage, exportedTypeRow } from '../sql/dataset-export';
import { DEFAULT_METRIC_SETTINGS } from '../../model/metrics/settings';
import { CLICKHOUSE } from '../sql/dialect';
import * as product from '../sql/metrics/sections';
import { run } from '../sql/core/run';
import { createChdbEngine } from './chdb-engine';
import type { ClickHouseEngine } from './clickhouse-engine';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from './load-chdb';
import { otelTracesRows } from './otel-exporter-rows';
import { prepareClickHouseSource } from './cli-source';
import { otelTracesEventsSql } from './otel-traces';
import { otelTracesTableSql } from './otel-traces-table';

type Row = Record<string, unknown>;

/**
 * Spans the SDK fixture lacks: app events of other types and fields, a span event outside the
 * app namespace and one the import rejects, documents the import once rejected their spans for
 * (docs/log-format.md now: "a document is never a reason to reject its span").
 */
const EXTRA_DOCUMENT = makeDocument([
  makeSpan({
    spanId: '00000000000000a1',
    attributes: { 'session.id': 'sess-x', 'rag.turn_id': 'turn-x' },
    events: [
      { name: 'rag.prompt', attributes: { text: 'compare plans', category: 'billing' } },
      { name: 'rag.gate', attributes: { decision: 'answer', confidence: 0.75, threshold: 0.5 } },
      { name: 'exception', attributes: { 'exception.message': 'boom' } },
      { name: 'rag.nonsense', attributes: { text: 'names no event type: rejected by the import, left out here' } },
      { name: 'rag.question', attributes: { question_id: 'q-9', text: 'what plans exist?', entities: ['plan', 'tier'] } },
    ],
  }),
  // some documents scored and one not: the import rejects it, so must the view
  makeSpan({
    spanId: '00000000000000a2',
    attributes: { ...RETRIEVER, 'retrieval.documents.0.document.id': 'a', 'retrieval.documents.0.document.score': 0.5, 'retrieval.documents.1.document.id': 'b' },
  }),
  // a GenAI list of bare ids; a score that is text: no score
  makeSpan({ spanId: '00000000000000a4', attributes: { 'gen_ai.operation.name': 'retrieval', 'gen_ai.retrieval.documents': '["doc-1"]' } }),
  makeSpan({ spanId: '00000000000000a5', attributes: { 'gen_ai.operation.name': 'retrieval', 'gen_ai.retrieval.documents': '[{"id": "d", "score": "high"}]' } }),
  // no documents recorded, no end time
  makeSpan({ spanId: '00000000000000a3', attributes: { ...RETRIEVER, 'input.value': 'nothing recorded' }, endTimeUnixNano: '0' }),
], { resource: { 'service.name': 'extra', 'rag.surface': 'web' } });

/** A row with every exported column but `extra`; a list the import left NULL is the empty list ClickHouse stores. */
function normalized(row: Row): Row {
  return Object.fromEntries(
    EXPORTED_EVENT_COLUMNS.filter((column) => column.name !== 'extra').map((column) => {
      const value = row[column.name] ?? null;
      return [column.name, value === null && (column.kind === 'strings' || column.kind === 'numbers') ? [] : value];
    }),
  );
}

const byEventId = (a: Row, b: Row) => String(a.event_id).localeCompare(String(b.event_id));

let duck: Engine;
let house: ClickHouseEngine;
let imported: Row[];
let viewed: Row[];

describe.skipIf(!CHDB_TESTS_ENABLED)(CHDB_TESTS_ENABLED ? 'otel_traces on ClickHouse' : `otel_traces on ClickHouse (${CHDB_SKIP_MESSAGE})`, () => {
  beforeAll(async () => {
    const traces = await buildSdkTraces();
    const documents = [...traces.jsonLines.trim().split('\n').map((line) => JSON.parse(line) as { resourceSpans: unknown[] }), EXTRA_DOCUMENT];

    duck = await createNodeEngine();
    await initDataset(duck);
    await loadFiles(duck, [textInputFile('collector.otlp.jsonl', documents.map((document) => JSON.stringify(document)).join('\n'), 64)], new LoadState());
    imported = [];
    for (const type of EVENT_TYPE_NAMES) {
      imported.push(...(await run(duck, exportEventsPage(type, 0, 1e9), exportedTypeRow(type))));
    }

    house = await createChdbEngine({ install: true });
    await house.exec(otelTracesTableSql());
    await house.insertRows('otel_traces', documents.flatMap(otelTracesRows));
    // mapped into a table of events as `report --engine clickhouse --otel-traces` maps them (otel-stages.ts)
    await prepareClickHouseSource(house, { otelTraces: true });
    viewed = await house.query('SELECT * FROM events ORDER BY seq');
  }, 120_000);
  afterAll(async () => {
    await house?.close();
    await duck?.close();
  });

  it('gives the events of the OTLP import, field by field (assets aside)', () => {
    const expected = imported.filter((row) => row.type !== 'asset').map(normalized).sort(byEventId);
    expect(expected.map((row) => row.type)).toEqual(expect.arrayContaining(['retrieval', 'action', 'feedback', 'prompt', 'gate', 'question']));
    expect(viewed.filter((row) => row.type !== 'asset').map(normalized).sort(byEventId)).toEqual(expected);
  });

  it('maps the retrievals as the import: ids in rank order, scores, latency, defaults from span and resource', () => {
    const retrieval = viewed.find((row) => row.type === 'retrieval' && row.retrieval_id === 'b7ad6b7169203302');
    expect(retrieval).toMatchObject({
      session_id: 'sess-oi', user_id: 'user-7', surface: 'chat', run_id: 'oi-v1', role: 'reference', query: 'how do refunds work',
      returned_asset_ids: ['kb-refunds', 'kb-shipping', '17'], scores: [0.92, 0.55, 0.31], latency_ms: 250, ts: Date.parse('2026-03-02T10:00:01Z'),
    });
    expect(viewed.find((row) => row.event_id === 'span:00000000000000a3')).toMatchObject({ returned_asset_ids: [], latency_ms: null, surface: 'web' });
    // spans the import rejected before documents stopped being a reason to (an old expectation, changed with docs/log-format.md)
    const spanRetrieval = (id: string) => viewed.find((row) => row.event_id === `span:00000000000000${id}`);
    expect(spanRetrieval('a2')).toMatchObject({ returned_asset_ids: ['a', 'b'], scores: [] });
    expect(spanRetrieval('a4')).toMatchObject({ returned_asset_ids: ['doc-1'], scores: [] });
    expect(spanRetrieval('a5')).toMatchObject({ returned_asset_ids: ['d'], scores: [] });
  });

  it('gives the asset events of documents with content or metadata, once per trace (ids aside: the import names them by file and line)', () => {
    const withoutId = (row: Row): Row => ({ ...normalized(row), event_id: null });
    const byAsset = (a: Row, b: Row) => String(a.asset_id).localeCompare(String(b.asset_id));
    const expected = imported.filter((row) => row.type === 'asset').map(withoutId).sort(byAsset);
    expect(expected.map((row) => row.asset_id)).toEqual(['kb-damaged', 'kb-refunds', 'kb-shipping']);
    expect(expected[1]).toMatchObject({ title: 'Refund policy', kind: 'policy', text: 'Refunds are issued within 14 days.' });
    expect(viewed.filter((row) => row.type === 'asset').map(withoutId).sort(byAsset)).toEqual(expected);
  });

  it('gives the simple sections of the import (but its rejected lines, which a table of spans cannot hold)', async () => {
    const [duckTotals] = await run(duck, product.totalsQuery(), product.TOTALS_ROW);
    expect(duckTotals.rejected).toBeGreaterThan(0);
    expect(await run(house, product.totalsQuery(), product.TOTALS_ROW)).toEqual([{ ...duckTotals, rejected: 0 }]);
    const gates = await run(duck, product.gateDecisionsQuery(DEFAULT_METRIC_SETTINGS), product.GATE_DECISION_ROW);
    expect(gates).toEqual([{ decision: 'answer', n: 1 }]);
    expect(await run(house, product.gateDecisionsQuery(DEFAULT_METRIC_SETTINGS, CLICKHOUSE), product.GATE_DECISION_ROW)).toEqual(gates);
    const feedback = await run(duck, product.feedbackByWeekQuery(DEFAULT_METRIC_SETTINGS), product.FEEDBACK_WEEK_ROW);
    expect(feedback).toEqual([{ week: '2026-W10', total: 1, down: 0 }]);
    expect(await run(house, product.feedbackByWeekQuery(DEFAULT_METRIC_SETTINGS, CLICKHOUSE), product.FEEDBACK_WEEK_ROW)).toEqual(feedback);
  });

  it('numbers events in order of span start, span and event', () => {
    expect(viewed.map((row) => row.seq)).toEqual(viewed.map((_, index) => index + 1));
    expect(otelTracesEventsSql('my_db.otel_traces')).toContain('`my_db`.`otel_traces`');
  });

  it('gives the same rows as one statement (a view\'s query: the stages as CTEs)', async () => {
    expect(await house.query(`SELECT * FROM (${otelTracesEventsSql()}) ORDER BY seq`)).toEqual(viewed);
  }, 120_000);
});
