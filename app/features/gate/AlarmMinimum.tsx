import { useState } from 'react';
import { navigate } from '../../lib/url-state';
import { pluralize } from '../../lib/format';
import { gateUrl } from '../../links/gate';
import type { FeedbackWeekPoint } from '../../model/gate/feedback';

/**
 * The votes a week needs before it can raise the alarm, settable (URL `min_votes`), beside the
 * latest week's count. The draft lets the field be emptied while typing a new number.
 */
export function AlarmMinimum({ minVotes, weeks }: { minVotes: number; weeks: FeedbackWeekPoint[] }) {
  const [draft, setDraft] = useState({ text: String(minVotes), for: minVotes });
  if (draft.for !== minVotes) setDraft({ text: String(minVotes), for: minVotes });
  const change = (text: string) => {
    setDraft({ text, for: minVotes });
    const value = Number(text);
    if (text.trim() !== '' && Number.isInteger(value) && value >= 1) navigate(gateUrl.changed({ minVotes: value }), { replace: true });
  };
  const latest = weeks.at(-1);
  return (
    <p className="gate-alarm-minimum">
      <label>
        Alarm needs ≥{' '}
        <input type="number" aria-label="Minimum votes for the alarm" min={1} step={1} value={draft.text} onChange={(event) => change(event.currentTarget.value)} />
        {' '}votes in a week
      </label>
      {latest && <span data-testid="gate.latest-week-votes">; the latest week, {latest.week}, had {pluralize(latest.total, 'vote')}.</span>}
      <span className="text-soft"> A setting of this screen only: the metrics report gives every week's rate, whatever its number of votes.</span>
    </p>
  );
}
