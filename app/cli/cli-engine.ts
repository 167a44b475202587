import type { Engine } from '../engine/engine';
import type { NativeEngineOptions } from '../engine/native-engine';
import { createNodeEngine } from '../engine/node-engine';
import { takeOptions } from '../lib/command-options';
import { parseMetricSettings } from '../model/metrics/settings';

/** Where `report --engine clickhouse` reads: a server (http/https) or embedded chdb (`chdb:` or `chdb:DIR`). */
export interface ClickHouseChoice {
  url: string;
  database?: string;
  /** The table: of this product's events (default `events`), or the exporter's spans (default `otel_traces`). */
  table?: string;
  otelTraces: boolean;
  /** otel_traces only: the spans of this ServiceName. */
  service?: string;
  /** Only the events (spans) with from <= ts (Timestamp) < to are read, epoch ms: the report as if the table held only them. */
  window?: { from?: number; to?: number };
  /** Install the missing ClickHouse package without asking. */
  install: boolean;
}

/** Which engine a command runs on: the browser's wasm DuckDB, native DuckDB with its knobs, or (report only) ClickHouse. */
export type EngineChoice = { kind: 'wasm' } | ({ kind: 'native' } & NativeEngineOptions) | ({ kind: 'clickhouse' } & ClickHouseChoice);

export const ENGINE_USAGE = [
  '  --engine wasm|native    wasm (default): the browser\'s DuckDB build; native: native DuckDB',
  '                          (spilling to disk), for inputs too large for a tab',
  '  --threads N             native: worker threads (default: every core; the numbers are the same)',
  '  --memory-limit SIZE     native: e.g. 8GB (default: half of RAM); past it DuckDB spills to disk',
  '  --temp-directory DIR    native: where its database file goes and it spills (default: a new',
  '                          directory in the system\'s temp; its files are removed at the end)',
];

/** The options of `report --engine clickhouse` (cli-engine.ts parses them; only `report` takes them). */
export const CLICKHOUSE_USAGE = [
  '  --engine clickhouse     compute the report on ClickHouse, where the data is (no FILE arguments)',
  '  --url URL               http(s)://[user:password@]host:port of a server (@clickhouse/client), or',
  '                          chdb: / chdb:DIR for the embedded ClickHouse (its data directory DIR)',
  '  --database D            the database (default: the connection\'s)',
  '  --table T               a table of this product\'s events, columns as `export --parquet` writes them',
  '                          (default events); with --otel-traces, the exporter\'s table (default otel_traces)',
  '  --otel-traces           read the OpenTelemetry Collector ClickHouse exporter\'s spans table',
  '  --service NAME          with --otel-traces: only the spans of this ServiceName',
  '  --source-from DATE --source-to DATE',
  '                          read only the events with from <= ts < to (spans by Timestamp), as if the',
  '                          table held only them (events without a ts are kept); unlike --from/--to,',
  '                          which count the units in range with all the labels and actions they have',
  '  --write-parquet DIR     also bring back whole sessions: DIR/sample-sessions.parquet (as',
  '                          `export --sample-sessions` writes it) and DIR/sessions-summary.parquet',
  '  --sample-sessions N --seed S',
  '                          with --write-parquet: how many sessions (default 100), picked by S (default 1)',
  '  --install               install chdb (~546 MB) or @clickhouse/client (~2 MB) into .cache/ when',
  '                          missing, without asking (or RI_CLICKHOUSE_INSTALL=1)',
];

const NATIVE_OPTIONS = { '--threads': 'threads', '--memory-limit': 'memoryLimit', '--temp-directory': 'tempDirectory' } as const;
const CLICKHOUSE_OPTIONS = {
  '--url': 'url', '--database': 'database', '--table': 'table', '--service': 'service', '--source-from': 'sourceFrom', '--source-to': 'sourceTo',
} as const;
const CLICKHOUSE_FLAGS = ['--otel-traces', '--install'];

/**
 * Takes the engine options (`--engine X` or `--engine=X`, native's knobs and, when `clickhouse`
 * is allowed, ClickHouse's) out of the arguments.
 */
export function parseEngineArgs(args: readonly string[], { clickhouse = false } = {}): { engine: EngineChoice; rest: string[] } | { error: string } {
  let kind: 'wasm' | 'native' | 'clickhouse' = 'wasm';
  const native: NativeEngineOptions = {};
  const house: Partial<Record<(typeof CLICKHOUSE_OPTIONS)[keyof typeof CLICKHOUSE_OPTIONS], string>> = {};
  const engineOption = (name: string) => name === '--engine' || Object.hasOwn(NATIVE_OPTIONS, name) || (clickhouse && Object.hasOwn(CLICKHOUSE_OPTIONS, name));
  const { options, flags, rest } = takeOptions(args, engineOption, clickhouse ? CLICKHOUSE_FLAGS : []);
  for (const { name, value } of options) {
    if (value === undefined || value === '') return { error: `${name} needs a value` };
    if (Object.hasOwn(CLICKHOUSE_OPTIONS, name)) {
      house[CLICKHOUSE_OPTIONS[name as keyof typeof CLICKHOUSE_OPTIONS]] = value;
    } else if (name === '--engine') {
      if (value !== 'wasm' && value !== 'native' && !(clickhouse && value === 'clickhouse')) return { error: `--engine takes wasm${clickhouse ? ', native or clickhouse' : ' or native'}, not "${value}"` };
      kind = value;
    } else if (name === '--threads') {
      if (!/^[1-9]\d*$/.test(value)) return { error: `--threads takes a whole number of 1 or more, not "${value}"` };
      native.threads = Number(value);
    } else {
      native[NATIVE_OPTIONS[name as '--memory-limit' | '--temp-directory']] = value;
    }
  }
  const clickhouseGiven = [...Object.keys(house).map((key) => Object.entries(CLICKHOUSE_OPTIONS).find(([, option]) => option === key)![0]), ...flags];
  if (kind !== 'clickhouse' && clickhouseGiven.length > 0) return { error: `${clickhouseGiven.join(', ')} needs --engine clickhouse` };
  if (kind === 'clickhouse') {
    if (Object.keys(native).length > 0) return { error: `${Object.keys(native).map((key) => Object.entries(NATIVE_OPTIONS).find(([, option]) => option === key)?.[0]).join(', ')} needs --engine native` };
    if (house.url === undefined) return { error: '--engine clickhouse needs --url (http(s)://host:port, chdb: or chdb:DIR)' };
    if (!/^(https?:\/\/|chdb:)/.test(house.url)) return { error: `--url takes http(s)://host:port, chdb: or chdb:DIR, not "${house.url}"` };
    if (house.service !== undefined && !flags.has('--otel-traces')) return { error: '--service needs --otel-traces (an events table has no service)' };
    const window = parseMetricSettings({ from: house.sourceFrom, to: house.sourceTo });
    if (!window.ok) return { error: `--source-from/--source-to: ${window.errors.map((error) => error.message).join('; ')}` };
    const { from, to } = window.settings;
    return {
      engine: {
        kind, url: house.url, database: house.database, table: house.table, service: house.service, otelTraces: flags.has('--otel-traces'), install: flags.has('--install'),
        ...(from === undefined && to === undefined ? {} : { window: { from, to } }),
      },
      rest,
    };
  }
  if (kind === 'wasm' && Object.keys(native).length > 0) return { error: `${Object.keys(native).map((key) => Object.entries(NATIVE_OPTIONS).find(([, option]) => option === key)?.[0]).join(', ')} needs --engine native` };
  return { engine: kind === 'native' ? { kind, ...native } : { kind }, rest };
}

/** The native engine is imported only when asked for, so its binding never loads otherwise. */
export async function createCliEngine(engine: EngineChoice): Promise<Engine> {
  if (engine.kind === 'wasm') return createNodeEngine();
  if (engine.kind === 'clickhouse') throw new Error('--engine clickhouse computes the report where the data is; it loads no files');
  const { createNativeEngine } = await import('../engine/native-engine');
  return createNativeEngine(engine);
}
