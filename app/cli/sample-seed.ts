/** The seed that picks sampled sessions when none is given (`export --sample-sessions`, `report --write-parquet`). */
export const DEFAULT_SAMPLE_SEED = '1';
