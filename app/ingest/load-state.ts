/** What outlives one file within a loaded dataset: ids and counters that span files. */
export class LoadState {
  nextFileId = 1;
  nextSeq = 0;
  readonly seenRetrievalIds = new Set<string>();

  reset(): void {
    this.nextFileId = 1;
    this.nextSeq = 0;
    this.seenRetrievalIds.clear();
  }
}
