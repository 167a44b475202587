import { Bool, Field, Float64, Int32, List, RecordBatch, Schema, Struct, Table, Utf8, makeData, tableFromIPC, tableToIPC } from 'apache-arrow';
import type { Data, DataType } from 'apache-arrow';
import type { Cell, ColumnKind, ColumnSpec } from '../schema/columns';

const encoder = new TextEncoder();

/** Strings this short are copied a char at a time while they are ASCII: cheaper than a call to encodeInto. */
const SHORT_STRING = 64;

/** Writes `value` as UTF-8 at `position` of `bytes` (room for 3 bytes a char); returns the new position. */
function writeUtf8(value: string, bytes: Uint8Array, position: number): number {
  const length = value.length;
  if (length <= SHORT_STRING) {
    let i = 0;
    for (; i < length; i++) {
      const code = value.charCodeAt(i);
      if (code >= 0x80) break;
      bytes[position + i] = code;
    }
    if (i === length) return position + length;
  }
  return position + encoder.encodeInto(value, bytes.subarray(position)).written;
}

function grown<T extends Int32Array | Float64Array | Uint8Array>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const bigger = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length * 2));
  bigger.set(array);
  return bigger;
}

/** UTF-8 text of many strings, one after another, and where each ends (an Arrow Utf8 column's buffers). */
class Utf8Buffers {
  /** offsets[i + 1]: where string i ends. */
  offsets: Int32Array;
  bytes: Uint8Array;
  count = 0;

  constructor(strings: number, bytes = strings * 16) {
    this.offsets = new Int32Array(strings + 1);
    this.bytes = new Uint8Array(bytes);
  }

  get byteLength(): number {
    return this.offsets[this.count];
  }

  /** A string (null or undefined: an empty one, its null kept by the caller's validity). */
  push(value: string | null | undefined): void {
    const count = this.count;
    let position = this.offsets[count];
    if (value != null) {
      if (position + 3 * value.length > this.bytes.length) this.bytes = grown(this.bytes, position + 3 * value.length);
      position = writeUtf8(value, this.bytes, position);
    }
    if (count + 1 >= this.offsets.length) this.offsets = grown(this.offsets, count + 2);
    this.offsets[count + 1] = position;
    this.count = count + 1;
  }

  /** `n` null strings (empty, their null kept by the caller's validity). */
  skip(n: number): void {
    const count = this.count;
    if (count + n >= this.offsets.length) this.offsets = grown(this.offsets, count + n + 1);
    this.offsets.fill(this.offsets[count], count + 1, count + n + 1);
    this.count = count + n;
  }

  data(): Data<Utf8> {
    const { count } = this;
    return makeData({ type: new Utf8(), length: count, nullCount: 0, valueOffsets: this.offsets.subarray(0, count + 1), data: this.bytes.subarray(0, this.offsets[count]) });
  }
}

/**
 * One column's Arrow buffers, filled a row at a time: strings are written as UTF-8 as they come,
 * so no row's values are held as JavaScript objects until the batch is built (they die young,
 * and the garbage collector never copies them).
 */
class ColumnBuffers {
  private validity: Uint8Array;
  private nulls = 0;
  private floats: Float64Array | null = null;
  private ints: Int32Array | null = null;
  private bits: Uint8Array | null = null;
  /** A list column's offsets (into its items); a string column's text. */
  private offsets: Int32Array | null = null;
  private utf8: Utf8Buffers | null = null;
  private itemFloats: Float64Array | null = null;
  private items = 0;
  /** Rows accounted for: written, or nulls before one written. */
  private filled = 0;

  /** `textBytes`: room for a string column's text to start with. */
  constructor(
    readonly kind: ColumnKind,
    private capacity: number,
    textBytes?: number,
  ) {
    this.validity = new Uint8Array((capacity + 7) >> 3);
    if (kind === 'number') this.floats = new Float64Array(capacity);
    else if (kind === 'int') this.ints = new Int32Array(capacity);
    else if (kind === 'boolean') this.bits = new Uint8Array((capacity + 7) >> 3);
    else if (kind === 'string') this.utf8 = new Utf8Buffers(capacity, textBytes);
    else {
      this.offsets = new Int32Array(capacity + 1);
      if (kind === 'strings') this.utf8 = new Utf8Buffers(capacity * 4);
      else this.itemFloats = new Float64Array(capacity * 4);
    }
  }

  /**
   * Row `row`'s value: rows are written in order, each at most once; a row not written (or
   * written null or undefined) is a null, accounted for when a later row or the batch comes.
   */
  write(row: number, value: Cell): void {
    if (value == null) return;
    if (row >= this.capacity) this.grow(row + 1);
    if (this.filled < row) this.nullsUpTo(row);
    this.filled = row + 1;
    this.validity[row >> 3] |= 1 << (row & 7);
    switch (this.kind) {
      case 'number':
        this.floats![row] = value as number;
        return;
      case 'int':
        this.ints![row] = value as number;
        return;
      case 'boolean':
        if (value) this.bits![row >> 3] |= 1 << (row & 7);
        return;
      case 'string':
        this.utf8!.push(value as string);
        return;
      case 'strings': {
        const list = value as string[];
        for (let j = 0; j < list.length; j++) this.utf8!.push(list[j]);
        this.items = this.utf8!.count;
        this.offsets![row + 1] = this.items;
        return;
      }
      case 'numbers': {
        const list = value as number[];
        const items = this.items;
        if (items + list.length > this.itemFloats!.length) this.itemFloats = grown(this.itemFloats!, items + list.length);
        const floats = this.itemFloats!;
        for (let j = 0; j < list.length; j++) floats[items + j] = list[j];
        this.items = items + list.length;
        this.offsets![row + 1] = this.items;
      }
    }
  }

  /** Rows from the last written up to `row` (not included) are nulls. */
  private nullsUpTo(row: number): void {
    if (row > this.capacity) this.grow(row);
    const from = this.filled;
    this.nulls += row - from;
    if (this.kind === 'string') this.utf8!.skip(row - from);
    else if (this.offsets) this.offsets.fill(this.items, from + 1, row + 1);
    this.filled = row;
  }

  /**
   * Rows from `length` on are dropped: they may be written again. The rows of a small file that
   * failed after some of them were read (small-file-group.ts): its neighbours' rows stay.
   */
  truncate(length: number): void {
    for (let row = length; row < this.filled; row++) {
      const bit = 1 << (row & 7);
      if ((this.validity[row >> 3] & bit) === 0) this.nulls--;
      else this.validity[row >> 3] &= ~bit;
      if (this.bits) this.bits[row >> 3] &= ~bit;
    }
    if (this.filled <= length) return;
    if (this.kind === 'string') this.utf8!.count = length;
    else if (this.offsets) {
      this.items = this.offsets[length];
      if (this.utf8) this.utf8.count = this.items;
    }
    this.filled = length;
  }

  /** Bytes of text written to a string column. */
  get textBytes(): number {
    return this.kind === 'string' ? this.utf8!.byteLength : 0;
  }

  /** The first `length` rows as Arrow data. */
  data(length: number): Data {
    if (this.filled < length) this.nullsUpTo(length);
    const nulls = { nullBitmap: this.validity.subarray(0, (length + 7) >> 3), nullCount: this.nulls };
    switch (this.kind) {
      case 'number':
        return makeData({ type: new Float64(), length, ...nulls, data: this.floats!.subarray(0, length) });
      case 'int':
        return makeData({ type: new Int32(), length, ...nulls, data: this.ints!.subarray(0, length) });
      case 'boolean':
        return makeData({ type: new Bool(), length, ...nulls, data: this.bits!.subarray(0, (length + 7) >> 3) });
      case 'string': {
        const { offsets, bytes } = this.utf8!;
        return makeData({ type: new Utf8(), length, ...nulls, valueOffsets: offsets.subarray(0, length + 1), data: bytes.subarray(0, offsets[length]) });
      }
      case 'strings':
      case 'numbers': {
        const child = this.kind === 'strings' ? this.utf8!.data() : makeData({ type: new Float64(), length: this.items, nullCount: 0, data: this.itemFloats!.subarray(0, this.items) });
        return makeData({ type: arrowType(this.kind) as List, length, ...nulls, valueOffsets: this.offsets!.subarray(0, length + 1), child });
      }
    }
  }

  private grow(needed: number): void {
    const capacity = Math.max(needed, this.capacity * 2);
    this.validity = grown(this.validity, (capacity + 7) >> 3);
    if (this.floats) this.floats = grown(this.floats, capacity);
    if (this.ints) this.ints = grown(this.ints, capacity);
    if (this.bits) this.bits = grown(this.bits, (capacity + 7) >> 3);
    if (this.offsets) this.offsets = grown(this.offsets, capacity + 1);
    this.capacity = capacity;
  }
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

/** A batch built but not yet encoded: its int columns can still be moved (a chunk's `seq`, once its place is known). */
export type BuiltBatch = RecordBatch;

export function batchToIPC(batch: BuiltBatch): Uint8Array {
  return tableToIPC(new Table([batch]), 'stream');
}

/** The column kind an Arrow type of arrowType() stands for. */
function kindOf(type: DataType): ColumnKind {
  if (type instanceof Utf8) return 'string';
  if (type instanceof Float64) return 'number';
  if (type instanceof Int32) return 'int';
  if (type instanceof Bool) return 'boolean';
  return (type as List).children[0].type instanceof Utf8 ? 'strings' : 'numbers';
}

/**
 * One table's batches (the same columns) as one IPC stream with one batch, for one insert: the
 * rows copied into one builder. Thousands of tiny batches written as they are would cost an IPC
 * message each (2–4 KB of metadata for a row or two).
 */
export function batchesToIPC(batches: BuiltBatch[]): Uint8Array {
  if (batches.length === 1) return batchToIPC(batches[0]);
  const { fields } = batches[0].schema;
  const kinds = fields.map((field) => kindOf(field.type));
  const rows = batches.reduce((n, batch) => n + batch.numRows, 0);
  const builder = new ArrowBatchBuilder(fields.map((field, c) => ({ name: field.name, kind: kinds[c] })), rows);
  const cells: Cell[] = new Array<Cell>(fields.length);
  for (const batch of batches) {
    const columns = fields.map((_, c) => batch.getChildAt(c)!);
    for (let row = 0; row < batch.numRows; row++) {
      for (let c = 0; c < columns.length; c++) {
        const value: unknown = columns[c].get(row);
        cells[c] = value !== null && (kinds[c] === 'strings' || kinds[c] === 'numbers') ? (Array.from(value as Iterable<string | number>) as Cell) : (value as Cell);
      }
      builder.addCells(cells);
    }
  }
  return builder.flush();
}

/** The batches of an IPC stream. */
export const ipcBatches = (ipc: Uint8Array): BuiltBatch[] => tableFromIPC(ipc).batches;

/** Adds `by` to every value of an int column, in place. */
export function shiftIntColumn(batch: BuiltBatch, name: string, by: number): void {
  const values = batch.getChild(name)!.data[0].values as Int32Array;
  for (let i = 0; i < batch.numRows; i++) values[i] += by;
}

/** Rows a new batch has room for before its buffers first grow. */
const FIRST_ROWS = 1024;

/** Collects rows column by column and turns them into an Arrow IPC stream for DuckDB. */
export class ArrowBatchBuilder {
  /** Made on the first row of each batch: a builder flushed and never written again allocates nothing more. */
  private columns: ColumnBuffers[] | null;
  /** The text each string column took in the last batch: the next one starts with that room. */
  private textBytes: number[] | undefined;
  private readonly schema: Schema;
  private readonly columnIndex: Map<string, number>;
  length = 0;

  /** `capacity`: the rows a batch is expected to reach (buffers start smaller and grow to it and beyond). */
  constructor(
    private readonly specs: ColumnSpec[],
    private readonly capacity = 20_000,
  ) {
    this.columns = null;
    this.schema = new Schema(specs.map((spec) => new Field(spec.name, arrowType(spec.kind), true)));
    this.columnIndex = new Map(specs.map((spec, index) => [spec.name, index]));
  }

  /** A row by column name; the columns it does not name are null. */
  add(row: Record<string, Cell>): void {
    const columns = (this.columns ??= this.emptyColumns());
    for (const name in row) {
      const index = this.columnIndex.get(name);
      if (index !== undefined) columns[index].write(this.length, row[name]);
    }
    this.length++;
  }

  /** A row by column index (the builder's specs): column c holds `cells[c]`; undefined or null is a null. */
  addCells(cells: readonly Cell[]): void {
    const row = this.length;
    const columns = (this.columns ??= this.emptyColumns());
    for (let c = 0; c < columns.length; c++) {
      const cell = cells[c];
      if (cell != null) columns[c].write(row, cell);
    }
    this.length = row + 1;
  }

  /** The rows so far as one Arrow IPC stream; the builder is empty afterwards. */
  flush(): Uint8Array {
    return batchToIPC(this.flushBatch());
  }

  /** The rows so far as one record batch (still editable, see shiftIntColumn); the builder is empty afterwards. */
  flushBatch(): BuiltBatch {
    const columns = (this.columns ??= this.emptyColumns());
    const children = columns.map((column) => column.data(this.length));
    const struct = makeData({ type: new Struct(this.schema.fields), length: this.length, children });
    const batch = new RecordBatch(this.schema, struct);
    this.textBytes = columns.map((column) => column.textBytes);
    this.columns = null;
    this.length = 0;
    return batch;
  }

  /** Rows from `length` on are dropped (see ColumnBuffers.truncate). */
  truncate(length: number): void {
    if (length >= this.length) return;
    for (const column of this.columns!) column.truncate(length);
    this.length = length;
  }

  /**
   * New buffers for every batch: a batch built keeps the last ones (and a chunk's `seq` may still
   * move). Small at first: most types of a chunk fill a few rows, not a whole batch. After a
   * batch, a string column starts with the room its text took in it: a batch of kept spans'
   * attributes (~30 MB) grown from 16 KB by doubling copied and zeroed its text twice over.
   */
  private emptyColumns(): ColumnBuffers[] {
    const rows = Math.min(this.capacity, FIRST_ROWS);
    return this.specs.map((spec, index) => new ColumnBuffers(spec.kind, rows, this.textBytes?.[index] || undefined));
  }
}
