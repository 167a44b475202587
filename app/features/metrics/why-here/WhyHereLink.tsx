import { Link } from '../../../components/Link';
import { metricsUrl } from '../../../links/metrics';
import type { ExplainSignal } from '../../../model/explain/signals';

/** Opens the "Why here?" panel of a signal on this screen, scrolled to. */
export function WhyHereLink({ signal, label = 'Why here?' }: { signal: ExplainSignal; label?: string }) {
  return (
    <Link className="why-here-link" href={metricsUrl.changed({ why: signal, whySlice: null }, { hash: 'why-here' })} data-testid={`why-here.open.${signal}`}>
      {label}
    </Link>
  );
}
