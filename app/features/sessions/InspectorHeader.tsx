import { LogText } from '../../components/LogText';
import { Link } from '../../components/Link';
import type { SessionRow } from '../../engine/sql/sessions';
import { formatDuration, formatTimestamp, pluralize } from '../../lib/format';
import { navigate, useUrlHash } from '../../lib/url-state';
import { sessionsUrl } from '../../links/sessions';
import type { SessionLink } from '../../model/lineage/graph';
import type { TimelineTurn } from '../../model/lineage/timeline';
import { tier1BadCondition, type MetricSettings } from '../../model/metrics/settings';
import { markSteps, nextStepIndex, type FlagStep } from './flag-steps';

interface InspectorHeaderProps {
  sessionId: string;
  summary: SessionRow | null | undefined;
  missing: boolean;
  turns: readonly TimelineTurn[];
  links: readonly SessionLink[];
  settings: MetricSettings;
  /** Search-drift flags on this session's events; null until the analysis is in. */
  driftFlags: number | null;
  /** The events that carry them, in timeline order. */
  driftSteps: readonly FlagStep[];
  /** The turns are one page of a longer session: the counts are of that page. */
  partial: boolean;
}

const MARK_COUNTS: [string, (kind: string, label: string) => boolean][] = [
  ['masked failure', (kind) => kind === 'masked'],
  ['ORF signal', (kind) => kind === 'orf'],
  ['inherited source', (kind) => kind === 'inherited'],
  ['cross-session completion', (kind) => kind === 'cross_session'],
  ['orphan reference', (kind, label) => kind === 'orphan' && label !== 'no source'],
];

/**
 * A count of one kind of flag. With any, a button: each click goes to the next event that carries
 * one (the timeline scrolls to it and highlights it; an event with a graph node is selected there
 * too), after the last back to the first.
 */
function FlagCount({ n, label, steps, at }: { n: number; label: string; steps: readonly FlagStep[]; at: string | null }) {
  if (n === 0 || steps.length === 0) return <span className={`flag-count${n ? ' on' : ''}`} data-flag={label}>{pluralize(n, label)}</span>;
  const current = steps.findIndex((step) => step.anchor === at);
  const next = steps[nextStepIndex(steps, at)];
  const go = () => navigate(`${sessionsUrl.changed(next.nodeId ? { node: next.nodeId } : {})}#${encodeURIComponent(next.anchor)}`, { replace: true });
  return (
    <button type="button" className="flag-count on" data-flag={label} onClick={go}
      title={`Go to the next event with a ${label} (${steps.length} ${steps.length === 1 ? 'event' : 'events'})`}>
      {pluralize(n, label)}
      {current >= 0 && <span className="flag-step"> · {current + 1}/{steps.length}</span>}
    </button>
  );
}

const relativeDay = (ts: number | null, start: number | null | undefined) => {
  if (ts === null || start == null) return '';
  const days = Math.round((ts - start) / 86_400_000);
  return days === 0 ? 'same day' : days > 0 ? `${days} d later` : `${-days} d earlier`;
};

/** Who, where and when; what the timeline flags, counted; and the other sessions this one's lineage reaches. */
export function InspectorHeader({ sessionId, summary, missing, turns, links, settings, driftFlags, driftSteps, partial }: InspectorHeaderProps) {
  const marks = turns.flatMap((turn) => turn.entries.flatMap((entry) => entry.marks));
  const at = useUrlHash();
  return (
    <header className="inspector-head">
      <div className="inspector-title">
        <Link href={sessionsUrl.changed({ session: null, node: null, page: null })} className="back-link">← All sessions</Link>
        <h2 className="mono"><LogText text={sessionId} /></h2>
        {summary && (
          <span className="text-soft">
            {summary.user_id === null ? 'no user' : <LogText text={summary.user_id} />} · {summary.surface === null ? 'no surface' : <LogText text={summary.surface} />}{summary.run_id ? <> · run <LogText text={summary.run_id} /></> : ''} · {formatTimestamp(summary.start_ts)} ·{' '}
            {formatDuration(summary.duration_ms)} · {pluralize(summary.prompts, 'prompt')} · {pluralize(summary.retrievals, 'retrieval')} ·{' '}
            {pluralize(summary.actions, 'action')} · {pluralize(summary.completions, 'completion')}
          </span>
        )}
        {missing && <span className="text-bad">No session with this id is loaded.</span>}
      </div>
      <div className="inspector-flags">
        {MARK_COUNTS.map(([label, matches]) => (
          <FlagCount key={label} n={marks.filter((mark) => matches(mark.kind, mark.label)).length} label={label} at={at}
            steps={markSteps(turns, (mark) => matches(mark.kind, mark.label))} />
        ))}
        {driftFlags !== null && driftFlags > 0 && <FlagCount n={driftFlags} label="drift flag" steps={driftSteps} at={at} />}
        {partial && <span className="text-soft">on this page</span>}
        <span className="text-soft rule" title="Masked and Tier 1 marks follow the metrics' settings (k, tier1_threshold, used_actions in the URL)">Tier 1 bad = judged and ({tier1BadCondition(settings)})</span>
      </div>
      {links.length > 0 && (
        <nav className="session-links" aria-label="Lineage in other sessions">
          {links.map((link) => (
            <Link key={`${link.relation}/${link.sessionId}`} href={sessionsUrl.href({ session: link.sessionId, node: link.nodeIds[0] })} className={`session-link ${link.relation}`}>
              {link.relation === 'continues' ? 'Lineage continues in' : 'Lineage comes from'} <strong className="mono">{link.sessionId}</strong>
              <span className="text-soft"> · {link.what.join(', ')} · {relativeDay(link.firstTs, summary?.start_ts)}</span> →
            </Link>
          ))}
        </nav>
      )}
    </header>
  );
}
