import { formatCount, pluralize } from '../../lib/format';

/** "340 sessions", or "12 of 340 sessions" when a filter or search narrows the list. */
export function SessionCount({ shown, total, busy }: { shown: number; total: number; busy: string | null }) {
  const text = busy ?? (shown === total ? pluralize(total, 'session') : `${formatCount(shown)} of ${pluralize(total, 'session')}`);
  return <span className="text-soft session-count" data-testid="sessions.count" aria-live="polite">{text}</span>;
}
