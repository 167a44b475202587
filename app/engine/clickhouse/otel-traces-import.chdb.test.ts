import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFiles } from '../../ingest/load-files';
import { LoadState } from '../../ingest/load-state';
import { buildSdkTraces } from '../../ingest/otlp/sdk-fixture';
import { textInputFile } from '../../ingest/text-input';
import { DEFAULT_METRIC_SETTINGS } from '../../model/metrics/settings';
import { EVENT_TYPE_NAMES } from '../../schema/event-types';
import type { Engine } from '../engine';
import { computeMetricsReport } from '../metrics-report';
import { EXPORTED_EVENT_COLUMNS, exportEventsPage, exportedTypeRow } from '../sql/dataset-export';
import { run } from '../sql/core/run';
import { createTestEngine } from '../sql/metrics/fixtures';
import { createChdbEngine } from './chdb-engine';
import type { ClickHouseEngine } from './clickhouse-engine';
import { prepareClickHouseSource } from './cli-source';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from './load-chdb';
import { BUILT_TRACE_CASES } from './otel-trace-cases';
import { otelTracesRows } from './otel-exporter-rows';
import { otelTracesTableSql } from './otel-traces-table';
import { clickhouseReport } from './report';

/*
 * The otel_traces mapping against the product's import of the same spans (docs/log-format.md, "Traces
 * from real instrumentation"): each case's OTLP lines are (a) loaded as a file through the Node
 * ingest into DuckDB and (b) written as the collector's ClickHouse exporter writes them
 * (otel-exporter-rows.ts) into chdb's otel_traces, mapped there as `report --engine clickhouse
 * --otel-traces` maps them (cli-source.ts). The events must be the same, column by column (the
 * asset events' ids aside: the import names them by file and line), and so must the report.
 */

type Row = Record<string, unknown>;

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../ingest/otlp/fixtures');
const fixtureCases = (): [string, () => Promise<string[]>][] =>
  readdirSync(FIXTURES).filter((name) => name.endsWith('.otlp.jsonl')).sort()
    .map((name) => [`fixture ${name}`, async () => readFileSync(path.join(FIXTURES, name), 'utf8').split('\n').filter((line) => line.trim() !== '')]);

const CASES: [string, () => Promise<string[]>][] = [
  ...fixtureCases(),
  ['the OTLP SDK fixture', async () => (await buildSdkTraces()).jsonLines.trim().split('\n')],
  ...Object.entries(BUILT_TRACE_CASES).map(([name, lines]): [string, () => Promise<string[]>] => [name, async () => lines]),
];

/** A row with every exported column but `extra`; a list the import left NULL is the empty list ClickHouse stores; an asset without its id. */
function normalized(row: Row): Row {
  const out = Object.fromEntries(
    EXPORTED_EVENT_COLUMNS.filter((column) => column.name !== 'extra').map((column) => {
      const value = row[column.name] ?? null;
      return [column.name, value === null && (column.kind === 'strings' || column.kind === 'numbers') ? [] : value];
    }),
  );
  if (out.type === 'asset') out.event_id = null;
  return out;
}

const key = (row: Row) => JSON.stringify([row.type, row.event_id, row.asset_id, row.ts, row.consumed_asset_id]);
const sorted = (rows: Row[]) => rows.map(normalized).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
const ofType = (rows: Row[], type: string) => sorted(rows.filter((row) => row.type === type));

const enabled = CHDB_TESTS_ENABLED;
const title = (name: string) => `otel_traces on ClickHouse as the import: ${name}${enabled ? '' : ` (${CHDB_SKIP_MESSAGE})`}`;

describe.skipIf(!enabled).each(CASES.map(([name, lines]) => [title(name), lines] as const))('%s', (_, lines) => {
  let duck: Engine;
  let house: ClickHouseEngine;
  let imported: Row[];
  let mapped: Row[];
  beforeAll(async () => {
    const documents = await lines();
    duck = await createTestEngine();
    await loadFiles(duck, [textInputFile('traces.otlp.jsonl', documents.join('\n'), 1 << 16)], new LoadState());
    imported = [];
    for (const type of EVENT_TYPE_NAMES) {
      imported.push(...(await run(duck, exportEventsPage(type, 0, 1e9), exportedTypeRow(type))));
    }
    house = await createChdbEngine({ install: true });
    await house.exec(otelTracesTableSql());
    await house.insertRows('otel_traces', documents.flatMap((line) => otelTracesRows(JSON.parse(line) as { resourceSpans: unknown[] })));
    await prepareClickHouseSource(house, { otelTraces: true });
    mapped = await house.query('SELECT * FROM events ORDER BY seq');
  }, 180_000);
  afterAll(async () => {
    await house?.close();
    await duck?.close();
  });

  it.each(EVENT_TYPE_NAMES.map((type) => [type]))('gives the %s events of the import', (type) => {
    expect(ofType(mapped, type)).toEqual(ofType(imported, type));
  });

  it('gives the report of the import (its rejected lines aside: a table of spans holds none)', async () => {
    const expected = await computeMetricsReport(duck, DEFAULT_METRIC_SETTINGS);
    expect(await clickhouseReport(house, DEFAULT_METRIC_SETTINGS)).toEqual({ ...expected, rejected: 0 });
  }, 180_000);
});
