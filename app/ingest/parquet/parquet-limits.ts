import { MAX_NESTING } from '../../schema/nesting';

/**
 * How deep a Parquet schema may nest. A list takes two schema levels (the list and its repeated
 * group) for one level of the value, so this lets through every value `validateEvent` accepts
 * (MAX_NESTING levels) and refuses the schema before a reader recurses through it.
 */
export const MAX_SCHEMA_DEPTH = 2 * MAX_NESTING + 1;

/**
 * The most one row group may take in memory once decoded, told from its metadata before it is
 * read: the 1 GiB a tab gets when its device says nothing (model/memory-budget.ts,
 * FALLBACK_BUDGET). Parquet writers cut row groups far smaller (1 MB to 128 MB), so only a
 * footer that lies comes near it.
 */
export const MAX_ROW_GROUP_BYTES = 1024 ** 3;

/** Memory per decoded cell at least: a row is an object with a slot per column. */
export const BYTES_PER_CELL = 16;

/** One page, decompressed, at most: writers cut pages at about 1 MB. */
export const MAX_PAGE_BYTES = 256 * 1024 ** 2;
