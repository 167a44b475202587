/** What the pool queue calls its two sides: "A" and "B" for a comparison, the logged lists and the pipeline for a what-if. */
export interface PoolSides {
  a: string;
  b: string;
}
