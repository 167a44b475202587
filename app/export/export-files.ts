/** The files of a dataset export, as `retrieval-inspector export` writes them and the Overview saves them. */
export const EXPORT_FILE_NAMES = { events: 'events.parquet', rejected: 'rejected.parquet' } as const;
