import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/QueryState';
import type { CompareView } from '../../links/compare';
import type { MetricSettings } from '../../model/metrics/settings';
import { parsePipeline } from '../../model/what-if/pipeline';
import { useDataset } from '../../session/dataset';
import { whatIfOptions } from '../../queries/what-if';
import { WhatIfForm } from './WhatIfForm';
import { WhatIfResults } from './WhatIfResults';
import { WhatIfRetrieval } from './WhatIfRetrieval';
import { WhatIfSweep } from './WhatIfSweep';

/** Compare with `what_if` in the URL: the form, the what-if against the logged lists, an opened retrieval, the sweep. */
export function WhatIfView({ view, base, pipelineText }: { view: CompareView; base: MetricSettings; pipelineText: string }) {
  const dataset = useDataset();
  const parsed = parsePipeline(pipelineText);
  const pipeline = parsed.ok ? parsed.pipeline : { kind: 'norerank' as const };
  const whatIf = useQuery({ ...whatIfOptions(dataset, base, pipeline), enabled: dataset.engine !== null && parsed.ok });
  return (
    <>
      <WhatIfForm current={pipelineText} />
      {!parsed.ok && <div className="query-error" role="alert">{parsed.error}</div>}
      {parsed.ok && <QueryState query={whatIf} label="the what-if" />}
      {parsed.ok && whatIf.data && <WhatIfResults result={whatIf.data} k={base.k} view={view} recomputing={whatIf.isPlaceholderData} />}
      {parsed.ok && view.query !== null && <WhatIfRetrieval pipeline={pipeline} retrievalId={view.query} k={base.k} />}
      <WhatIfSweep base={base} sweep={view.sweep} metric={view.metric} />
    </>
  );
}
