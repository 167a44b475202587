import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AnnotatorGate } from '../../components/AnnotatorGate';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { QueryState } from '../../components/QueryState';
import { ReplacedLabels } from '../../components/ReplacedLabels';
import { UnsavedLabels } from '../../components/UnsavedLabels';
import { navigate } from '../../lib/url-state';
import { annotateUrl, type AnnotateView } from '../../links/annotate';
import { useScreenView } from '../../links/use-screen-view';
import { queueCandidatesOptions, queueVotesOptions } from '../../queries/annotate';
import { useDataset } from '../../queries/dataset';
import { useLabeling } from '../../queries/labeling';
import './annotate.css';
import { newSeed, QueueBar } from './QueueBar';
import { QueueWorkspace } from './QueueWorkspace';

const NONE: Record<AnnotateView['queue'], [string, string]> = {
  relevance: ['No retrieval to grade', 'No retrieval in the loaded logs returned an asset. Load logs with retrieval events and their returned_asset_ids.'],
  role: ['No retrievals', 'The loaded logs hold no retrieval event, so there is no role to label.'],
  intent: ['No turns', 'No prompt in the loaded logs has a turn_id, so there is no turn to label.'],
};

/** Labeling queues (issue 9, "Queues"): relevance, role and intent, one item at a time, keyboard first. */
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
  const dataset = useDataset();
  const { annotator } = useLabeling();
  const candidates = useQuery(queueCandidatesOptions(dataset, view.queue));
  const needsVotes = view.pick === 'disagreement';
  const votes = useQuery(queueVotesOptions(dataset, view.queue, needsVotes));
  const data = candidates.data;
  if (view.pick === 'sample' && !view.seed) return null;
  if (!data || !annotator) return <QueryState query={candidates} label="the queue" />;
  if (needsVotes && !votes.data) return <QueryState query={votes} label="the disagreements" />;
  if (data.candidates.length === 0) {
    const [title, text] = NONE[view.queue];
    return <div className="panel empty-state" data-testid="annotate.none"><h2>{title}</h2><p>{text}</p></div>;
  }
  const queueKey = [view.queue, view.pick, view.by, view.seed, view.size, annotator].join('|');
  return <QueueWorkspace key={queueKey} view={view} data={data} votes={needsVotes ? votes.data ?? [] : []} annotator={annotator} />;
}
