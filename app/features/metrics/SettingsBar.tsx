import { useQuery } from '@tanstack/react-query';
import { updateUrl } from '../../lib/url-state';
import { DEFAULT_USED_ACTIONS, K_MAX, K_MIN, type MetricSettings, type SettingsError } from '../../model/metrics/settings';
import { useDataset } from '../../queries/dataset';
import { userActionsOptions } from '../../queries/overview';
import { surfacesOptions } from '../../queries/sessions';
import { MultiSelect } from './MultiSelect';
import { ROLE_ORDER } from './url';

const day = (ms: number | undefined) => (ms === undefined ? '' : new Date(ms).toISOString().slice(0, 10));
const list = (values: string[]) => (values.length ? values.join(',') : null);

/** Every choice behind the numbers, written to the URL so that a link reproduces them. */
export function SettingsBar({ settings, errors }: { settings: MetricSettings; errors: SettingsError[] }) {
  const dataset = useDataset();
  const actions = useQuery(userActionsOptions(dataset));
  const surfaces = useQuery(surfacesOptions(dataset));
  const actionChoices = [...new Set([...DEFAULT_USED_ACTIONS, ...(actions.data ?? [])])];
  return (
    <section className="panel settings-bar" aria-label="Metric settings">
      <label>
        <span className="text-soft">K</span>
        <input type="number" aria-label="K" min={K_MIN} max={K_MAX} value={settings.k}
          onChange={(event) => updateUrl({ k: event.currentTarget.value }, false)} />
      </label>
      <label>
        <span className="text-soft">Tier 1 bad below nDCG</span>
        <input type="number" aria-label="Tier 1 threshold" min={0} max={1} step={0.05} value={settings.tier1Threshold}
          onChange={(event) => updateUrl({ tier1_threshold: event.currentTarget.value }, false)} />
      </label>
      <MultiSelect label="Used actions" options={actionChoices} selected={settings.usedActions} emptyMeans="default set"
        onChange={(values) => updateUrl({ used_actions: list(values) }, false)} />
      <MultiSelect label="Surface" options={surfaces.data ?? []} selected={settings.surfaces ?? []} emptyMeans="all surfaces"
        onChange={(values) => updateUrl({ surface: list(values) }, false)} />
      <MultiSelect label="Role" options={ROLE_ORDER} selected={settings.roles ?? []} emptyMeans="all roles"
        onChange={(values) => updateUrl({ role: list(values) }, false)} />
      <label>
        <span className="text-soft">From</span>
        <input type="date" aria-label="From" value={day(settings.from)} onChange={(event) => updateUrl({ from: event.currentTarget.value }, false)} />
      </label>
      <label>
        <span className="text-soft">To (exclusive)</span>
        <input type="date" aria-label="To" value={day(settings.to)} onChange={(event) => updateUrl({ to: event.currentTarget.value }, false)} />
      </label>
      <button type="button" className="button subtle"
        onClick={() => updateUrl({ k: null, tier1_threshold: null, used_actions: null, surface: null, role: null, from: null, to: null })}>
        Reset
      </button>
      {errors.length > 0 && (
        <div className="query-error settings-errors" role="alert">
          {errors.map((error) => <div key={error.setting}>{error.message}; using the default.</div>)}
        </div>
      )}
    </section>
  );
}
