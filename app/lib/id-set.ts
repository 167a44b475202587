/** What the ingest needs of a set of ids: membership, insertion order (to forget a failed file's ids), size. */
export interface IdSet extends Iterable<string> {
  has(id: string): boolean;
  add(id: string): unknown;
  delete(id: string): boolean;
  clear(): void;
  readonly size: number;
}

const STORE_BYTES = 64 << 20;
const EMPTY = 0;
const DELETED = -1;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** FNV-1a over the id's UTF-8 bytes, then a final mix so that linear probing spreads. */
function hashBytes(bytes: Uint8Array, length: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < length; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  return (hash ^ (hash >>> 13)) >>> 0;
}

function grown<T extends Float64Array | Uint32Array>(array: T, length: number): T {
  if (length <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(length, array.length * 2));
  next.set(array);
  return next;
}

/**
 * A set of ids held as UTF-8 bytes in large buffers with an open-addressing table of entry
 * numbers, instead of a JavaScript Set of strings: 100M events carry about 40M retrieval ids,
 * which as strings in Sets (each capped at 2^24 entries) take over 3 GB of the ~4 GB a Node heap
 * may grow to; here they take their bytes plus 24 bytes each, mostly outside the heap. Exact:
 * ids are compared byte for byte. Iteration keeps insertion order.
 */
export class CompactIdSet implements IdSet {
  private stores: Uint8Array[] = [];
  /** Where the last store's free bytes start. */
  private storeEnd: number;
  /** Per entry: position (store × storeBytes + offset), byte length, hash; a deleted entry's length is DELETED_LENGTH. */
  private starts = new Float64Array(1024);
  private lengths = new Uint32Array(1024);
  private hashes = new Uint32Array(1024);
  private entries = 0;
  private live = 0;
  /** Slots hold entry + 1, EMPTY or DELETED. */
  private table = new Int32Array(2048);
  private used = 0;
  private scratch = new Uint8Array(256);

  private static readonly DELETED_LENGTH = 0xffffffff;

  constructor(private readonly storeBytes = STORE_BYTES) {
    this.storeEnd = storeBytes;
  }

  get size(): number {
    return this.live;
  }

  /** The id's UTF-8 bytes into scratch; an id with a lone surrogate (UTF-8 cannot hold it) as 0xFF, then its UTF-16 code units. */
  private encode(id: string): number {
    if (id.length * 3 + 1 > this.scratch.length) this.scratch = new Uint8Array(id.length * 3 + 1);
    if ((id as string & { isWellFormed(): boolean }).isWellFormed()) return encoder.encodeInto(id, this.scratch).written;
    this.scratch[0] = 0xff;
    for (let i = 0; i < id.length; i++) {
      const unit = id.charCodeAt(i);
      this.scratch[1 + 2 * i] = unit >>> 8;
      this.scratch[2 + 2 * i] = unit & 0xff;
    }
    return 1 + 2 * id.length;
  }

  private decode(bytes: Uint8Array): string {
    if (bytes[0] !== 0xff) return decoder.decode(bytes);
    let id = '';
    for (let i = 1; i < bytes.length; i += 2) id += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
    return id;
  }

  private bytesOf(entry: number): Uint8Array {
    const start = this.starts[entry];
    const store = Math.floor(start / this.storeBytes);
    const offset = start - store * this.storeBytes;
    return this.stores[store].subarray(offset, offset + this.lengths[entry]);
  }

  private sameBytes(entry: number, length: number): boolean {
    if (this.lengths[entry] !== length) return false;
    const stored = this.bytesOf(entry);
    for (let i = 0; i < length; i++) if (stored[i] !== this.scratch[i]) return false;
    return true;
  }

  /** The slot holding the id (encoded in scratch), or -(the first free slot) - 1 when it is absent. */
  private find(length: number, hash: number): number {
    const mask = this.table.length - 1;
    let free = -1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.table[slot];
      if (held === EMPTY) return -(free >= 0 ? free : slot) - 1;
      if (held === DELETED) {
        if (free < 0) free = slot;
        continue;
      }
      const entry = held - 1;
      if (this.hashes[entry] === hash && this.sameBytes(entry, length)) return slot;
    }
  }

  has(id: string): boolean {
    const length = this.encode(id);
    return this.find(length, hashBytes(this.scratch, length)) >= 0;
  }

  add(id: string): this {
    const length = this.encode(id);
    const hash = hashBytes(this.scratch, length);
    const found = this.find(length, hash);
    if (found >= 0) return this;
    const entry = this.append(length, hash);
    const slot = -found - 1;
    if (this.table[slot] === EMPTY) this.used++;
    this.table[slot] = entry + 1;
    this.live++;
    if (this.used * 2 > this.table.length) this.rehash(this.live * 4 > this.table.length ? this.table.length * 2 : this.table.length);
    return this;
  }

  private append(length: number, hash: number): number {
    if (this.storeEnd + length > this.storeBytes) {
      this.stores.push(new Uint8Array(Math.max(this.storeBytes, length)));
      this.storeEnd = 0;
    }
    const store = this.stores.length - 1;
    this.stores[store].set(this.scratch.subarray(0, length), this.storeEnd);
    const entry = this.entries++;
    this.starts = grown(this.starts, this.entries);
    this.lengths = grown(this.lengths, this.entries);
    this.hashes = grown(this.hashes, this.entries);
    this.starts[entry] = store * this.storeBytes + this.storeEnd;
    this.lengths[entry] = length;
    this.hashes[entry] = hash;
    this.storeEnd += length;
    return entry;
  }

  private rehash(size: number): void {
    this.table = new Int32Array(size);
    this.used = 0;
    const mask = size - 1;
    for (let entry = 0; entry < this.entries; entry++) {
      if (this.lengths[entry] === CompactIdSet.DELETED_LENGTH) continue;
      let slot = this.hashes[entry] & mask;
      while (this.table[slot] !== EMPTY) slot = (slot + 1) & mask;
      this.table[slot] = entry + 1;
      this.used++;
    }
  }

  delete(id: string): boolean {
    const length = this.encode(id);
    const slot = this.find(length, hashBytes(this.scratch, length));
    if (slot < 0) return false;
    this.lengths[this.table[slot] - 1] = CompactIdSet.DELETED_LENGTH;
    this.table[slot] = DELETED;
    this.live--;
    return true;
  }

  clear(): void {
    this.stores = [];
    this.storeEnd = this.storeBytes;
    this.starts = new Float64Array(1024);
    this.lengths = new Uint32Array(1024);
    this.hashes = new Uint32Array(1024);
    this.entries = 0;
    this.live = 0;
    this.table = new Int32Array(2048);
    this.used = 0;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let entry = 0; entry < this.entries; entry++) {
      if (this.lengths[entry] !== CompactIdSet.DELETED_LENGTH) yield this.decode(this.bytesOf(entry));
    }
  }
}
