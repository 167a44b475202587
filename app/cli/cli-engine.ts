import { CLICKHOUSE_EVENTS_TABLE, OTEL_TRACES_TABLE } from '../engine/clickhouse/cli-source';
import type { Engine } from '../engine/engine';
import type { NativeEngineOptions } from '../engine/native-engine';
import { createNodeEngine } from '../engine/node-engine';
import { given, optionsNamed, type CommandLine, type OptionsTable } from '../lib/command-options';
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

/** The engine options of every command that loads files. */
export const ENGINE_OPTIONS = {
  engine: { value: 'wasm|native', help: ["wasm: the browser's DuckDB build; native: native DuckDB (spilling to disk),", 'for inputs too large for a tab'], default: 'wasm' },
  threads: { value: 'N', help: 'native: worker threads (the numbers are the same)', default: 'every core' },
  'memory-limit': { value: 'SIZE', help: 'native: e.g. 8GB; past it DuckDB spills to disk', default: 'half of RAM' },
  'temp-directory': {
    value: 'DIR',
    help: ['native: where its database file goes and it spills; its files are removed at the end'],
    default: "a new directory in the system's temp",
  },
} satisfies OptionsTable;

/** The options of `report --engine clickhouse` (only `report` takes them). */
export const CLICKHOUSE_OPTIONS = {
  url: {
    value: 'URL',
    help: ['http(s)://[user:password@]host:port of a server (@clickhouse/client), or', 'chdb: / chdb:DIR for the embedded ClickHouse (its data directory DIR)'],
  },
  database: { value: 'D', help: 'the database', default: "the connection's" },
  table: {
    value: 'T',
    help: ['a table of this product\'s events, columns as `export --parquet` writes them', `(default ${CLICKHOUSE_EVENTS_TABLE}); with --otel-traces, the exporter's table (default ${OTEL_TRACES_TABLE})`],
  },
  'otel-traces': { help: "read the OpenTelemetry Collector ClickHouse exporter's spans table" },
  service: { value: 'NAME', help: 'with --otel-traces: only the spans of this ServiceName' },
  'source-from': {
    value: 'DATE',
    help: [
      'read only the events with from <= ts (spans by Timestamp), as if the table held only them',
      '(events without a ts are kept); unlike --from, which counts the units in range with all the',
      'labels and actions they have',
    ],
  },
  'source-to': { value: 'DATE', help: 'read only the events with ts < to, as --source-from' },
  install: { help: ['install chdb (~546 MB) or @clickhouse/client (~2 MB) into .cache/ when', 'missing, without asking (or RI_CLICKHOUSE_INSTALL=1)'] },
} satisfies OptionsTable;

const NATIVE_OPTIONS = { threads: 'threads', 'memory-limit': 'memoryLimit', 'temp-directory': 'tempDirectory' } as const;
const CLICKHOUSE_VALUES = { url: 'url', database: 'database', table: 'table', service: 'service', 'source-from': 'sourceFrom', 'source-to': 'sourceTo' } as const;
const CLICKHOUSE_FLAGS = ['otel-traces', 'install'];

const needsNative = (native: NativeEngineOptions) =>
  `${Object.keys(native).map((key) => `--${Object.entries(NATIVE_OPTIONS).find(([, option]) => option === key)?.[0]}`).join(', ')} needs --engine native`;

/**
 * The engine the command line asks for: `--engine X`, native's knobs and, when `clickhouse` is
 * allowed, ClickHouse's options.
 */
export function parseEngineArgs(line: CommandLine, { clickhouse = false } = {}): { engine: EngineChoice } | { error: string } {
  let kind: 'wasm' | 'native' | 'clickhouse' = 'wasm';
  const native: NativeEngineOptions = {};
  const house: Partial<Record<(typeof CLICKHOUSE_VALUES)[keyof typeof CLICKHOUSE_VALUES], string>> = {};
  const names = ['engine', ...Object.keys(NATIVE_OPTIONS), ...(clickhouse ? Object.keys(CLICKHOUSE_VALUES) : [])];
  for (const { name, value } of optionsNamed(line, names)) {
    if (value === undefined || value === '') return { error: `--${name} needs a value` };
    if (Object.hasOwn(CLICKHOUSE_VALUES, name)) {
      house[CLICKHOUSE_VALUES[name as keyof typeof CLICKHOUSE_VALUES]] = value;
    } else if (name === 'engine') {
      if (value !== 'wasm' && value !== 'native' && !(clickhouse && value === 'clickhouse')) return { error: `--engine takes wasm${clickhouse ? ', native or clickhouse' : ' or native'}, not "${value}"` };
      kind = value;
    } else if (name === 'threads') {
      if (!/^[1-9]\d*$/.test(value)) return { error: `--threads takes a whole number of 1 or more, not "${value}"` };
      native.threads = Number(value);
    } else {
      native[NATIVE_OPTIONS[name as 'memory-limit' | 'temp-directory']] = value;
    }
  }
  const flags = new Set(clickhouse ? CLICKHOUSE_FLAGS.filter((flag) => given(line, flag)) : []);
  const clickhouseGiven = [...Object.keys(house).map((key) => `--${Object.entries(CLICKHOUSE_VALUES).find(([, option]) => option === key)![0]}`), ...[...flags].map((flag) => `--${flag}`)];
  if (kind !== 'clickhouse' && clickhouseGiven.length > 0) return { error: `${clickhouseGiven.join(', ')} needs --engine clickhouse` };
  if (kind === 'clickhouse') {
    if (Object.keys(native).length > 0) return { error: needsNative(native) };
    if (house.url === undefined) return { error: '--engine clickhouse needs --url (http(s)://host:port, chdb: or chdb:DIR)' };
    if (!/^(https?:\/\/|chdb:)/.test(house.url)) return { error: `--url takes http(s)://host:port, chdb: or chdb:DIR, not "${house.url}"` };
    if (house.service !== undefined && !flags.has('otel-traces')) return { error: '--service needs --otel-traces (an events table has no service)' };
    const window = parseMetricSettings({ from: house.sourceFrom, to: house.sourceTo });
    if (!window.ok) return { error: `--source-from/--source-to: ${window.errors.map((error) => error.message).join('; ')}` };
    const { from, to } = window.settings;
    return {
      engine: {
        kind, url: house.url, database: house.database, table: house.table, service: house.service, otelTraces: flags.has('otel-traces'), install: flags.has('install'),
        ...(from === undefined && to === undefined ? {} : { window: { from, to } }),
      },
    };
  }
  if (kind === 'wasm' && Object.keys(native).length > 0) return { error: needsNative(native) };
  return { engine: kind === 'native' ? { kind, ...native } : { kind } };
}

/** The native engine is imported only when asked for, so its binding never loads otherwise. */
export async function createCliEngine(engine: EngineChoice): Promise<Engine> {
  if (engine.kind === 'wasm') return createNodeEngine();
  if (engine.kind === 'clickhouse') throw new Error('--engine clickhouse computes the report where the data is; it loads no files');
  const { createNativeEngine } = await import('../engine/native-engine');
  return createNativeEngine(engine);
}
