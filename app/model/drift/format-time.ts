/** Time of day in UTC to the millisecond, as drift details and timelines show it: "09:00:03.120Z". */
export const clockUtc = (ms: number) => `${new Date(ms).toISOString().slice(11, 23)}Z`;

/** What a null run is called on screen and in details. */
export const NO_RUN_LABEL = '(no run)';

export const runLabel = (runId: string | null) => runId ?? NO_RUN_LABEL;
