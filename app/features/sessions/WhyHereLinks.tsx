import { Link } from '../../components/Link';
import { metricsUrl } from '../../links/metrics';
import type { SessionsView } from '../../links/sessions';
import type { ExplainSignal } from '../../model/explain/signals';

const SIGNALS: [ExplainSignal, string][] = [['masked', 'masked'], ['orf', 'ORF'], ['empty', 'empty'], ['down', 'thumbs-down']];

/** Links to the Metrics "Why here?" panel of each retrieval signal, narrowed to the list's category and system. */
export function WhyHereLinks({ view }: { view: SessionsView }) {
  const narrowed = { categories: view.category ? [view.category] : [], runIds: view.system ? [view.system] : [] };
  return (
    <span className="why-here-links" data-testid="sessions.why-here">
      <span className="text-soft">Why here?</span>
      {SIGNALS.map(([signal, label]) => (
        <Link key={signal} href={metricsUrl.href({ ...narrowed, why: signal })} title={`Where ${label} retrievals concentrate (Metrics)`}>{label}</Link>
      ))}
    </span>
  );
}
