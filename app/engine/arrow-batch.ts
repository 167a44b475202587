import { Bool, Field, Float64, Int32, List, RecordBatch, Schema, Struct, Table, Utf8, makeData, tableToIPC } from 'apache-arrow';
import type { Data, DataType } from 'apache-arrow';
import type { ColumnKind, ColumnSpec } from '../schema/columns';

type Cell = string | number | boolean | string[] | number[] | null | undefined;

const encoder = new TextEncoder();

function validity(values: ArrayLike<unknown>): { nullBitmap: Uint8Array; nullCount: number } {
  const nullBitmap = new Uint8Array((values.length + 7) >> 3);
  let nullCount = 0;
  for (let i = 0; i < values.length; i++) {
    if (values[i] == null) nullCount++;
    else nullBitmap[i >> 3] |= 1 << (i & 7);
  }
  return { nullBitmap, nullCount };
}

/** Utf8 data filled directly (offsets + encodeInto): an order of magnitude faster than vectorFromArray. */
function utf8Data(values: ArrayLike<string | null | undefined>): Data<Utf8> {
  let capacity = 0;
  for (let i = 0; i < values.length; i++) capacity += (values[i]?.length ?? 0) * 3;
  const bytes = new Uint8Array(capacity);
  const valueOffsets = new Int32Array(values.length + 1);
  let position = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value != null) position += encoder.encodeInto(value, bytes.subarray(position)).written;
    valueOffsets[i + 1] = position;
  }
  return makeData({ type: new Utf8(), length: values.length, ...validity(values), valueOffsets, data: bytes.subarray(0, position) });
}

function float64Data(values: ArrayLike<number | null | undefined>): Data<Float64> {
  const data = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) data[i] = values[i] ?? 0;
  return makeData({ type: new Float64(), length: values.length, ...validity(values), data });
}

function int32Data(values: ArrayLike<number | null | undefined>): Data<Int32> {
  const data = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) data[i] = values[i] ?? 0;
  return makeData({ type: new Int32(), length: values.length, ...validity(values), data });
}

function boolData(values: ArrayLike<boolean | null | undefined>): Data<Bool> {
  const data = new Uint8Array((values.length + 7) >> 3);
  for (let i = 0; i < values.length; i++) if (values[i]) data[i >> 3] |= 1 << (i & 7);
  return makeData({ type: new Bool(), length: values.length, ...validity(values), data });
}

function listData(values: ArrayLike<(string | number)[] | null | undefined>, kind: 'strings' | 'numbers'): Data {
  const valueOffsets = new Int32Array(values.length + 1);
  const flat: (string | number)[] = [];
  for (let i = 0; i < values.length; i++) {
    const list = values[i];
    if (list) for (const item of list) flat.push(item);
    valueOffsets[i + 1] = flat.length;
  }
  const child = kind === 'strings' ? utf8Data(flat as string[]) : float64Data(flat as number[]);
  return makeData({ type: arrowType(kind) as List, length: values.length, ...validity(values), valueOffsets, child });
}

function arrowType(kind: ColumnKind): DataType {
  switch (kind) {
    case 'string':
      return new Utf8();
    case 'number':
      return new Float64();
    case 'int':
      return new Int32();
    case 'boolean':
      return new Bool();
    case 'strings':
      return new List(new Field('item', new Utf8(), true));
    case 'numbers':
      return new List(new Field('item', new Float64(), true));
  }
}

function columnData(kind: ColumnKind, values: Cell[]): Data {
  switch (kind) {
    case 'string':
      return utf8Data(values as string[]);
    case 'number':
      return float64Data(values as number[]);
    case 'int':
      return int32Data(values as number[]);
    case 'boolean':
      return boolData(values as boolean[]);
    case 'strings':
    case 'numbers':
      return listData(values as (string | number)[][], kind);
  }
}

/** A batch built but not yet encoded: its int columns can still be moved (a chunk's `seq`, once its place is known). */
export type BuiltBatch = RecordBatch;

export function batchToIPC(batch: BuiltBatch): Uint8Array {
  return tableToIPC(new Table([batch]), 'stream');
}

/** Adds `by` to every value of an int column, in place. */
export function shiftIntColumn(batch: BuiltBatch, name: string, by: number): void {
  const values = batch.getChild(name)!.data[0].values as Int32Array;
  for (let i = 0; i < batch.numRows; i++) values[i] += by;
}

/** Collects rows column by column and turns them into an Arrow IPC stream for DuckDB. */
export class ArrowBatchBuilder {
  private columns: Cell[][];
  private readonly schema: Schema;
  private readonly columnIndex: Map<string, number>;
  length = 0;

  constructor(
    private readonly specs: ColumnSpec[],
    private readonly capacity = 20_000,
  ) {
    this.columns = this.emptyColumns();
    this.schema = new Schema(specs.map((spec) => new Field(spec.name, arrowType(spec.kind), true)));
    this.columnIndex = new Map(specs.map((spec, index) => [spec.name, index]));
  }

  /**
   * Only the fields a row sets are written (an event sets a dozen of ~60 columns); the holes
   * left in the other columns read as null when the batch is encoded.
   */
  add(row: Record<string, Cell>): void {
    for (const name in row) {
      const index = this.columnIndex.get(name);
      if (index !== undefined) this.columns[index][this.length] = row[name];
    }
    this.length++;
  }

  /** An event row: its validated fields plus where it came from, without building a merged object. */
  addEvent(values: Record<string, Cell>, fileId: number, line: number, seq: number, extra: string | null): void {
    this.set('file_id', fileId);
    this.set('line', line);
    this.set('seq', seq);
    this.set('extra', extra);
    this.add(values);
  }

  private set(name: string, value: Cell): void {
    const index = this.columnIndex.get(name);
    if (index !== undefined) this.columns[index][this.length] = value;
  }

  /** The rows so far as one Arrow IPC stream; the builder is empty afterwards. */
  flush(): Uint8Array {
    return batchToIPC(this.flushBatch());
  }

  /** The rows so far as one record batch (still editable, see shiftIntColumn); the builder is empty afterwards. */
  flushBatch(): BuiltBatch {
    const children = this.specs.map((spec, c) => {
      const column = this.columns[c];
      column.length = this.length;
      return columnData(spec.kind, column);
    });
    const struct = makeData({ type: new Struct(this.schema.fields), length: this.length, children });
    const batch = new RecordBatch(this.schema, struct);
    this.columns = this.emptyColumns();
    this.length = 0;
    return batch;
  }

  /** Preallocated, so that writing row n of a column never makes a sparse (slow) array. */
  private emptyColumns(): Cell[][] {
    return this.specs.map(() => new Array<Cell>(this.capacity));
  }
}
