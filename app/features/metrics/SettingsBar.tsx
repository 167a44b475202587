import { useQuery } from '@tanstack/react-query';
import { navigate } from '../../lib/url-state';
import { metricsUrl, type MetricsView } from '../../links/metrics';
import { currentSharedSettings, type SharedSettingsText } from '../../links/settings';
import { DEFAULT_USED_ACTIONS, K_MAX, K_MIN, type MetricSettings, type SettingsError } from '../../model/metrics/settings';
import { FilterDropdown } from '../../components/filter-dropdown/FilterDropdown';
import { useDataset } from '../../session/dataset';
import { metricFilterChoicesOptions } from '../../queries/metric-filter-choices';
import { userActionsOptions } from '../../queries/overview';
import { surfacesOptions } from '../../queries/sessions';
import { LabelSourceSelect } from './LabelSourceSelect';
import { ROLE_ORDER } from './url';

const day = (ms: number | undefined) => (ms === undefined ? '' : new Date(ms).toISOString().slice(0, 10));
/** Typing a number or a date replaces the history entry; picking from a list adds one. */
const typed = { replace: true };
const setShared = (changes: SharedSettingsText, options = {}) =>
  navigate(metricsUrl.changed({}, { settings: { ...currentSharedSettings(), ...changes } }), options);
const reset = () =>
  navigate(metricsUrl.changed({ surfaces: [], roles: [], retrievers: [], runIds: [], categories: [], from: null, to: null, labels: null }, { settings: {} }));

/** Every choice behind the numbers, written to the URL so that a link reproduces them. */
export function SettingsBar({ settings, errors }: { settings: MetricSettings; errors: SettingsError[] }) {
  const dataset = useDataset();
  const actions = useQuery(userActionsOptions(dataset));
  const surfaces = useQuery(surfacesOptions(dataset));
  const choices = useQuery(metricFilterChoicesOptions(dataset));
  const actionChoices = [...new Set([...DEFAULT_USED_ACTIONS, ...(actions.data ?? [])])];
  // A filter the data gives nothing to choose from is left out, unless the URL set it; a value the
  // URL set that the data lacks is listed too, so that it can be unchecked.
  const dataFilter = (
    label: string, inData: string[] | undefined, selected: string[] = [], emptyMeans: string, change: (values: string[]) => Partial<MetricsView>,
  ) => {
    const options = [...new Set([...(inData ?? []), ...selected])];
    return options.length === 0 ? null : (
      <FilterDropdown label={label} options={options.map((value) => ({ value }))} selected={selected} emptyMeans={emptyMeans} onChange={(values) => navigate(metricsUrl.changed(change(values)))} />
    );
  };
  return (
    <section className="panel settings-bar" aria-label="Metric settings">
      <div className="settings-row">
        <span className="settings-row-label text-soft">Definitions</span>
        <div className="settings-items">
          <label>
            <span className="text-soft">K</span>
            <input type="number" aria-label="K" min={K_MIN} max={K_MAX} value={settings.k}
              onChange={(event) => setShared({ k: event.currentTarget.value }, typed)} />
          </label>
          <label>
            <span className="text-soft">Tier 1 bad below nDCG</span>
            <input type="number" aria-label="Tier 1 threshold" min={0} max={1} step={0.05} value={settings.tier1Threshold}
              onChange={(event) => setShared({ tier1Threshold: event.currentTarget.value }, typed)} />
          </label>
          <FilterDropdown label="Used actions" options={actionChoices.map((value) => ({ value }))} selected={settings.usedActions} emptyMeans="default set"
            onChange={(values) => setShared({ usedActions: values.join(',') })} />
          <LabelSourceSelect labels={settings.labels} />
        </div>
      </div>
      <div className="settings-row">
        <span className="settings-row-label text-soft">Filters</span>
        <div className="settings-items">
          <FilterDropdown label="Surface" options={(surfaces.data ?? []).map((value) => ({ value }))} selected={settings.surfaces ?? []} emptyMeans="all surfaces"
            onChange={(surfaces) => navigate(metricsUrl.changed({ surfaces }))} />
          <FilterDropdown label="Role" options={ROLE_ORDER.map((value) => ({ value }))} selected={settings.roles ?? []} emptyMeans="all roles"
            onChange={(roles) => navigate(metricsUrl.changed({ roles }))} />
          {dataFilter('Retriever', choices.data?.retrievers, settings.retrievers, 'all retrievers', (retrievers) => ({ retrievers }))}
          {dataFilter('Run', choices.data?.runIds, settings.runIds, 'all runs', (runIds) => ({ runIds }))}
          {dataFilter('Category', choices.data?.categories, settings.categories, 'all categories', (categories) => ({ categories }))}
          <span className="date-range">
            <label>
              <span className="text-soft">From</span>
              <input type="date" aria-label="From" value={day(settings.from)} onChange={(event) => navigate(metricsUrl.changed({ from: event.currentTarget.value }), typed)} />
            </label>
            <label>
              <span className="text-soft">to (exclusive)</span>
              <input type="date" aria-label="To" value={day(settings.to)} onChange={(event) => navigate(metricsUrl.changed({ to: event.currentTarget.value }), typed)} />
            </label>
          </span>
          <button type="button" className="button subtle" onClick={reset}>
            Reset
          </button>
        </div>
      </div>
      {errors.length > 0 && (
        <div className="query-error settings-errors" role="alert">
          {errors.map((error) => <div key={error.setting}>{error.message}; using the default.</div>)}
        </div>
      )}
    </section>
  );
}
