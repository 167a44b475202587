import { Link } from '../../components/Link';
import { formatCount } from '../../lib/format';
import { GateNumber } from './GateNumber';
import type { SessionsLink } from './session-links';

/**
 * A count that opens the sessions behind it; a plain number when it is 0 or no link can name
 * exactly those sessions. Same `data-metric` / `data-value` attributes as GateNumber.
 */
export function GateCount({ path, value, definition, sessions }: { path: string; value: number; definition: string; sessions: SessionsLink | null }) {
  if (sessions === null || value === 0) return <GateNumber path={path} value={value} kind="count" definition={definition} />;
  return (
    <Link className="gate-count-link" href={sessions.href} title={`${definition}. ${sessions.title}.`} data-metric={path} data-value={String(value)}>
      {formatCount(value)}
    </Link>
  );
}
