/** What the ingest needs of a set of ids: membership, insertion order (to forget a failed file's ids), size. */
export interface IdSet extends Iterable<string> {
  has(id: string): boolean;
  add(id: string): unknown;
  delete(id: string): boolean;
  clear(): void;
  readonly size: number;
}

/**
 * A set of ids beyond the 2^24 entries one JavaScript Set can hold (V8 throws "Set maximum size
 * exceeded"): 100M events carry about 40M retrieval ids. Ids fill one Set after another; iteration
 * keeps insertion order.
 */
export class LargeIdSet implements IdSet {
  static readonly PART_SIZE = 1 << 23;
  private readonly parts: Set<string>[] = [new Set()];

  constructor(private readonly partSize = LargeIdSet.PART_SIZE) {}

  has(id: string): boolean {
    for (const part of this.parts) if (part.has(id)) return true;
    return false;
  }

  add(id: string): this {
    // One part: Set.add ignores a repeat itself; with several, an id in an earlier part must not go in again.
    if (this.parts.length > 1 && this.has(id)) return this;
    let last = this.parts[this.parts.length - 1];
    if (last.size >= this.partSize && !last.has(id)) {
      last = new Set();
      this.parts.push(last);
    }
    last.add(id);
    return this;
  }

  delete(id: string): boolean {
    for (const part of this.parts) if (part.delete(id)) return true;
    return false;
  }

  clear(): void {
    this.parts.length = 0;
    this.parts.push(new Set());
  }

  get size(): number {
    return this.parts.reduce((sum, part) => sum + part.size, 0);
  }

  *[Symbol.iterator](): Iterator<string> {
    for (const part of this.parts) yield* part;
  }
}
