import { choice, text } from './param';
import { screenUrl } from './screen-url';

/** Rejected rows: the list's filters by kind, reason code and file name. */
export const rejectedUrl = screenUrl('rejected', {
  severity: choice('severity', ['rejected', 'warning']),
  reason: text('reason'),
  file: text('file'),
});

export type RejectedView = ReturnType<typeof rejectedUrl.read>;
