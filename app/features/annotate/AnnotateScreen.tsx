import { useEffect } from 'react';
import { AnnotatorGate } from '../../components/AnnotatorGate';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { ReplacedLabels } from '../../components/ReplacedLabels';
import { UnsavedLabels } from '../../components/UnsavedLabels';
import { navigate } from '../../lib/url-state';
import { annotateUrl, type AnnotateView } from '../../links/annotate';
import { useScreenView } from '../../links/use-screen-view';
import { useDataset } from '../../session/dataset';
import { useLabeling } from '../../session/labeling';
import './annotate.css';
import { PoolOfComparison } from './PoolQueue';
import { newSeed, QueueBar } from './QueueBar';
import { QueueWorkspace } from './QueueWorkspace';

/** Labeling queues (issue 9, "Queues"): relevance, role and intent, one item at a time, keyboard first; and the pool of a comparison (issue 26). */
export default function AnnotateScreen() {
  const dataset = useDataset();
  const view = useScreenView(annotateUrl);
  // A sample needs a seed in its link, so that it can be reproduced and shared.
  useEffect(() => {
    if (view.pick === 'sample' && !view.seed) navigate(annotateUrl.changed({ seed: newSeed() }), { replace: true });
  }, [view.pick, view.seed]);
  if (nothingToShow(dataset)) return <EmptyDataset what="Then label relevance, retrieval roles and intents here, one item at a time." />;
  return (
    <div className="annotate-screen">
      <QueueBar view={view} />
      <UnsavedLabels />
      <ReplacedLabels />
      <AnnotatorGate what="label">
        <Queue view={view} />
      </AnnotatorGate>
    </div>
  );
}

function Queue({ view }: { view: AnnotateView }) {
  const { annotator } = useLabeling();
  if (view.pick === 'sample' && !view.seed) return null;
  if (!annotator) return null;
  const { queue } = view;
  if (queue === 'pool') return <PoolOfComparison key={annotateUrl.write({ a: view.a, b: view.b, whatIf: view.whatIf })} view={view} />;
  const queueKey = [queue, view.pick, view.by, view.seed, view.size, annotator].join('|');
  return <QueueWorkspace key={queueKey} view={{ ...view, queue }} annotator={annotator} />;
}
