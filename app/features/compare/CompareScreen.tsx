import { useQuery } from '@tanstack/react-query';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { QueryState } from '../../components/QueryState';
import { compareUrl, isEmptySlice } from '../../links/compare';
import { useScreenView } from '../../links/use-screen-view';
import { useSharedSettings } from '../../links/use-shared-settings';
import type { SliceFilters } from '../../model/compare/slice';
import { compareOptions } from '../../queries/compare';
import { defaultSlicesOptions, sliceOptionsOptions } from '../../queries/compare-options';
import { useDataset } from '../../session/dataset';
import './compare.css';
import { CompareResults } from './CompareResults';
import { SlicePickers } from './SlicePickers';
import { sameSlice, sliceSettingsOrErrors } from './url';
import { WhatIfForm } from './WhatIfForm';
import { WhatIfView } from './WhatIfView';

const ALL: SliceFilters = {};

export default function CompareScreen() {
  const dataset = useDataset();
  const view = useScreenView(compareUrl);
  const { settings: base, errors: baseErrors } = useSharedSettings();
  const named = !isEmptySlice(view.a) || !isEmptySlice(view.b);
  const defaults = useQuery({ ...defaultSlicesOptions(dataset), enabled: dataset.engine !== null && !named });
  const options = useQuery(sliceOptionsOptions(dataset));
  const slices = named ? { a: view.a, b: view.b } : defaults.data ? { a: defaults.data.a, b: defaults.data.b } : null;
  const a = sliceSettingsOrErrors(base, slices?.a ?? ALL);
  const b = sliceSettingsOrErrors(base, slices?.b ?? ALL);
  const identical = slices !== null && sameSlice(slices.a, slices.b);
  const ready = slices !== null && a.settings !== null && b.settings !== null && !identical;
  const whatIf = view.whatIf;
  const compare = useQuery({ ...compareOptions(dataset, base, slices?.a ?? ALL, slices?.b ?? ALL), enabled: dataset.engine !== null && ready && whatIf === null });

  if (nothingToShow(dataset)) return <EmptyDataset what="Then pick two slices here (two retrievers, two runs, two weeks) to compare." />;
  if (whatIf !== null) return <div className="cmp-screen" aria-busy={compare.isFetching}><WhatIfView view={view} base={base} pipelineText={whatIf} /></div>;
  const sliceErrors = [...a.errors.map((error) => `A: ${error}`), ...b.errors.map((error) => `B: ${error}`)];
  return (
    <div className="cmp-screen" aria-busy={compare.isFetching}>
      <SlicePickers slices={slices} options={options.data} chosenBy={named ? undefined : defaults.data?.chosenBy} base={base} />
      <WhatIfForm current={null} />
      {baseErrors.length > 0 && (
        <div className="query-error" role="alert">{baseErrors.map((error) => <div key={error.setting}>{error.message}; using the default.</div>)}</div>
      )}
      {sliceErrors.length > 0 && <div className="query-error" role="alert">{sliceErrors.map((error) => <div key={error}>{error}</div>)}</div>}
      {identical && (
        <div className="panel cmp-empty" data-testid="compare.identical">
          A and B are the same slice, so every difference would be zero. Change a filter of one of them above
          {named ? '' : ' (no two retrievers or runs in these logs share a judged query, so none were picked)'}.
        </div>
      )}
      <QueryState query={defaults} label="the default slices" />
      {ready && <QueryState query={compare} label="the comparison" />}
      {ready && compare.data && <CompareResults settled={compare.data} view={view} recomputing={compare.isPlaceholderData} />}
    </div>
  );
}
