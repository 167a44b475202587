import { Link } from '../../../components/Link';
import { metricsUrl } from '../../../links/metrics';
import { SIGNAL_NAMES, type ExplainSignal } from '../../../model/explain/signals';

/**
 * Opens the "Why here?" panel of a signal on this screen, scrolled to; with `role`, among that
 * role's retrievals (the Metrics role filter set to it, which the panel follows).
 */
export function WhyHereLink({ signal, label = 'Why here?', role }: { signal: ExplainSignal; label?: string; role?: string }) {
  const href = metricsUrl.changed({ why: signal, whySlice: null, ...(role === undefined ? {} : { roles: [role] }) }, { hash: 'why-here' });
  const named = role === undefined ? {} : { 'aria-label': `Why here? ${SIGNAL_NAMES[signal].title}, role ${role}` };
  return (
    <Link className="why-here-link" href={href} data-testid={role === undefined ? `why-here.open.${signal}` : `why-here.open.${signal}.${role}`} {...named}>
      {label}
    </Link>
  );
}
