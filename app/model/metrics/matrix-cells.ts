/** The matrix cells (docs/metrics.md, the Tier 1 × Tier 2 matrix); `masked` is both masked kinds. */
export const MATRIX_CELLS = ['healthy', 'downstream', 'visible_failure', 'masked', 'masked_consumed', 'masked_silent'] as const;
export type MatrixCell = (typeof MATRIX_CELLS)[number];
