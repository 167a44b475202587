import type { DuckDBConnection, DuckDBType, DuckDBValue, DuckDBValueConverter, JS } from '@duckdb/node-api';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tableFromIPC, type Vector } from 'apache-arrow';
import type { Engine, SqlValue, UntypedRow } from './engine';

/** Native DuckDB's knobs for large inputs. */
export interface NativeEngineOptions {
  /**
   * Every core unless given. The SQL's aggregates do not depend on the order rows are added in
   * (sums of doubles are exact: tier1-tier2.ts), so any count gives the browser's numbers.
   */
  threads?: number;
  /** e.g. "8GB"; by default half the machine's memory, leaving the rest to the ingest in JS. */
  memoryLimit?: string;
  /** Where DuckDB keeps its database file and spills what does not fit in memory; by default a directory of its own under the system's temp; its files are removed on close. */
  tempDirectory?: string;
}

/** Half the machine's memory in whole megabytes, as DuckDB reads a size. */
const defaultMemoryLimit = () => `${Math.max(256, Math.floor(os.totalmem() / 2 / 2 ** 20))}MB`;

const MS_PER_DAY = 86_400_000;
const CHUNK_ROWS = 2048;

type NodeApi = typeof import('@duckdb/node-api');

/**
 * Result values as the wasm engine's Arrow results read through `arrowToRows`: 64-bit and wider
 * integers and decimals as numbers, timestamps and dates as epoch milliseconds.
 */
const asWasmEngineReturns = ({ DuckDBTypeId, JSDuckDBValueConverter }: NodeApi): DuckDBValueConverter<JS> => (value, type, converter) => {
  if (value == null) return null;
  switch (type.typeId) {
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
      return Number(value as bigint);
    case DuckDBTypeId.DECIMAL:
      return JSDuckDBValueConverter(value, type, converter);
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_TZ:
      return Number((value as { micros: bigint }).micros) / 1000;
    case DuckDBTypeId.TIMESTAMP_MS:
      return Number((value as { millis: bigint }).millis);
    case DuckDBTypeId.TIMESTAMP_S:
      return Number((value as { seconds: bigint }).seconds) * 1000;
    case DuckDBTypeId.DATE:
      return (value as { days: number }).days * MS_PER_DAY;
    default:
      return JSDuckDBValueConverter(value, type, converter);
  }
};

/**
 * A batch column as the values a data chunk takes: scalars as they are, lists as list values, a
 * column the batch leaves empty (most of an event's ~60) without reading a cell.
 */
function chunkValues(api: NodeApi, vector: Vector | null, start: number, rows: number): DuckDBValue[] {
  const values = new Array<DuckDBValue>(rows).fill(null);
  if (!vector || vector.nullCount === vector.length) return values;
  for (let r = 0; r < rows; r++) {
    const value: unknown = vector.get(start + r);
    if (value == null) continue;
    values[r] = typeof value === 'object' ? api.listValue(Array.from((value as Vector).toArray() as ArrayLike<DuckDBValue>)) : (value as DuckDBValue);
  }
  return values;
}

async function tableColumns(connection: DuckDBConnection, table: string): Promise<{ names: string[]; types: DuckDBType[] }> {
  const reader = await connection.runAndReadAll(`SELECT * FROM ${quoteName(table)} LIMIT 0`);
  return { names: reader.columnNames(), types: reader.columnTypes() };
}

function quoteName(name: string): string {
  return name.split('.').map((part) => `"${part.replaceAll('"', '""')}"`).join('.');
}

/**
 * Native DuckDB (`@duckdb/node-api`) behind the same interface as the wasm engines: the command
 * line's `--engine native`, for inputs past what one tab holds. Loaded only on request, so the
 * browser build and the default command line never touch its native binding.
 */
export async function createNativeEngine(options: NativeEngineOptions = {}): Promise<Engine> {
  // A dynamic import: a bundle that holds this module (the command line) loads the binding only here.
  const api = await import('@duckdb/node-api');
  const { DuckDBDataChunk, DuckDBInstance } = api;
  const resultConverter = asWasmEngineReturns(api);
  // Made here (not DuckDB's default, `.tmp` in the working directory) so that spilled data never lands in the user's folder.
  const ownTempDirectory = options.tempDirectory === undefined || !existsSync(options.tempDirectory);
  const tempDirectory = options.tempDirectory ?? mkdtempSync(path.join(os.tmpdir(), 'retrieval-inspector-duckdb-'));
  mkdirSync(tempDirectory, { recursive: true });
  const config: Record<string, string> = {
    threads: String(options.threads ?? os.availableParallelism()),
    memory_limit: options.memoryLimit ?? defaultMemoryLimit(),
    temp_directory: tempDirectory,
  };
  // A database file, not `:memory:`: DuckDB writes a large load's row groups to it compressed as they fill, so the
  // events of a hundred million lines need neither RAM nor an uncompressed spill of their size.
  const databaseFile = path.join(tempDirectory, `dataset-${process.pid}-${Date.now()}.duckdb`);
  const instance = await DuckDBInstance.create(databaseFile, config);
  const connection = await instance.connect();

  return {
    async query(sql: string, params: readonly SqlValue[] = []) {
      const reader = await connection.runAndReadAll(sql, params.length > 0 ? [...params] : undefined);
      return reader.convertRowObjects(resultConverter) as UntypedRow[];
    },
    async exec(sql: string) {
      await connection.run(sql);
    },
    /** Decodes the batch and appends it chunk by chunk, matching columns by name (a missing one is null). */
    async insertArrowIPC(table: string, ipc: Uint8Array) {
      const batch = tableFromIPC(ipc);
      if (batch.numRows === 0) return;
      const { names, types } = await tableColumns(connection, table);
      const vectors = names.map((name) => batch.getChild(name));
      const appender = await connection.createAppender(table);
      try {
        for (let start = 0; start < batch.numRows; start += CHUNK_ROWS) {
          const rows = Math.min(CHUNK_ROWS, batch.numRows - start);
          const chunk = DuckDBDataChunk.create(types, rows);
          chunk.setColumns(vectors.map((vector) => chunkValues(api, vector, start, rows)));
          appender.appendDataChunk(chunk);
        }
        appender.flushSync();
      } finally {
        appender.closeSync();
      }
    },
    async close() {
      connection.closeSync();
      instance.closeSync();
      if (ownTempDirectory) rmSync(tempDirectory, { recursive: true, force: true });
      else for (const file of [databaseFile, `${databaseFile}.wal`]) rmSync(file, { force: true });
    },
  };
}
