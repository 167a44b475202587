import { useQuery } from '@tanstack/react-query';
import { navigate } from '../../lib/url-state';
import { metricsUrl } from '../../links/metrics';
import { ALL_LABELS, HUMAN_LABELS } from '../../model/metrics/settings';
import { useDataset } from '../../session/dataset';
import { relevanceAnnotatorsOptions } from '../../queries/metrics';

/**
 * Whose relevance labels Tier 1 reads (docs/metrics.md, "Judges and humans"): all (resolved), the
 * humans', or one annotator's. A source the URL names that the data lacks is listed too.
 */
export function LabelSourceSelect({ labels }: { labels: string | undefined }) {
  const dataset = useDataset();
  const annotators = useQuery(relevanceAnnotatorsOptions(dataset)).data ?? [];
  const chosen = labels ?? ALL_LABELS;
  const named = annotators.some((row) => row.annotator === chosen);
  return (
    <label>
      <span className="text-soft">Relevance labels</span>
      <select aria-label="Relevance labels" value={chosen}
        onChange={(event) => navigate(metricsUrl.changed({ labels: event.currentTarget.value === ALL_LABELS ? null : event.currentTarget.value }))}>
        <option value={ALL_LABELS}>all (resolved)</option>
        <option value={HUMAN_LABELS}>human only</option>
        {annotators.map((row) => <option key={`${row.annotator}|${row.annotator_kind}`} value={row.annotator}>{row.annotator} ({row.annotator_kind})</option>)}
        {!named && chosen !== ALL_LABELS && chosen !== HUMAN_LABELS && <option value={chosen}>{chosen} (not in these logs)</option>}
      </select>
    </label>
  );
}
