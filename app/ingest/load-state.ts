/** What outlives one file within a loaded dataset: ids and counters that span files. */
export class LoadState {
  nextFileId = 1;
  nextSeq = 0;
  readonly seenRetrievalIds = new Set<string>();

  /** Continues after rows already stored (a restored dataset): ids and order go on from there. */
  resume(counters: { nextFileId: number; nextSeq: number; retrievalIds: readonly string[] }): void {
    this.nextFileId = counters.nextFileId;
    this.nextSeq = counters.nextSeq;
    this.seenRetrievalIds.clear();
    for (const id of counters.retrievalIds) this.seenRetrievalIds.add(id);
  }

  /** Rows were stored outside a load up to `nextSeq` - 1: the next rows come after them. */
  advance(nextSeq: number): void {
    this.nextSeq = Math.max(this.nextSeq, nextSeq);
  }

  reset(): void {
    this.nextFileId = 1;
    this.nextSeq = 0;
    this.seenRetrievalIds.clear();
  }
}
