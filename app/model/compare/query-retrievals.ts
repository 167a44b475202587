/** At most this many retrievals of one query per slice (a query asked thousands of times is summed up by its pair). */
export const QUERY_RETRIEVALS_LIMIT = 200;
