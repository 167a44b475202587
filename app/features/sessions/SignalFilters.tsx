import { formatCount } from '../../lib/format';
import { navigate } from '../../lib/url-state';
import { sessionsUrl, type SessionsView } from '../../links/sessions';
import { SESSION_SIGNAL_DEFINITIONS, SESSION_SIGNALS, type SessionSignal } from '../../model/session/signals';
import { hasFilters, NO_FILTERS } from './url';
import { WhyHereLinks } from './WhyHereLinks';

/** The scope parts shown as chips; surface has its own menu in the toolbar. */
const SCOPE_CHIPS = [
  { key: 'category', label: 'category' },
  { key: 'system', label: 'system' },
  { key: 'week', label: 'week' },
] as const;

/**
 * "Only sessions with" one toggle per signal (`has=`), each with how many sessions the list would show were it added to the signals already on; the scope a link narrowed the list to as
 * removable chips ("category billing ×"), and one button that clears every filter.
 */
export function SignalFilters({ view, withSignal }: { view: SessionsView; withSignal: Record<SessionSignal, number | null> | null }) {
  const toggle = (signal: SessionSignal) => {
    const has = view.has.includes(signal) ? view.has.filter((s) => s !== signal) : SESSION_SIGNALS.filter((s) => s === signal || view.has.includes(s));
    navigate(sessionsUrl.changed({ has }));
  };
  const chips = SCOPE_CHIPS.filter(({ key }) => view[key] !== null);
  return (
    <div className="signal-filters" role="group" aria-label="Signal filters">
      <span className="text-soft">Only sessions with</span>
      {SESSION_SIGNALS.map((signal) => (
        <button key={signal} type="button" className="signal-toggle" aria-pressed={view.has.includes(signal)}
          title={SESSION_SIGNAL_DEFINITIONS[signal].counts} onClick={() => toggle(signal)}>
          {SESSION_SIGNAL_DEFINITIONS[signal].label}
          {withSignal && <span className="signal-sessions">{withSignal[signal] === null ? '…' : formatCount(withSignal[signal])}</span>}
        </button>
      ))}
      {chips.length > 0 && (
        <span className="scope-chips">
          <span className="text-soft">counted in</span>
          {chips.map(({ key, label }) => (
            <span key={key} className="scope-chip">
              {label} <strong>{view[key]}</strong>
              <button type="button" aria-label={`Remove ${label} ${view[key]}`} onClick={() => navigate(sessionsUrl.changed({ [key]: null }))}>×</button>
            </span>
          ))}
        </span>
      )}
      <WhyHereLinks view={view} />
      {hasFilters(view) && (
        <button type="button" className="button subtle small" onClick={() => navigate(sessionsUrl.changed(NO_FILTERS))}>Clear filters</button>
      )}
    </div>
  );
}
