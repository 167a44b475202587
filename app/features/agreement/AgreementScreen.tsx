import { useQuery } from '@tanstack/react-query';
import { EmptyDataset, nothingToShow } from '../../components/EmptyDataset';
import { Link } from '../../components/Link';
import { QueryState } from '../../components/QueryState';
import { Recomputing } from '../../components/Recomputing';
import { agreementUrl, type AgreementView } from '../../links/agreement';
import { annotateUrl } from '../../links/annotate';
import { useScreenView } from '../../links/use-screen-view';
import { agreementOptions, type AgreementData } from '../../queries/agreement';
import { useDataset } from '../../session/dataset';
import { AgreementSummary } from './AgreementSummary';
import { AgreementWorkspace } from './AgreementWorkspace';
import { annotatorRows, KIND_TITLES, pickPair } from './agreement-view';
import { AnnotatorsPanel } from './AnnotatorsPanel';
import { JudgesPanel } from './JudgesPanel';
import { KindTabs } from './KindTabs';
import { PairsPanel } from './PairsPanel';
import './agreement.css';

/** Annotation agreement (issue 9, docs/metrics.md "Annotation agreement"): per label kind, who agrees how far, and every disagreement to adjudicate. */
export default function AgreementScreen() {
  const dataset = useDataset();
  const view = useScreenView(agreementUrl);
  const query = useQuery(agreementOptions(dataset));
  if (nothingToShow(dataset)) {
    return <EmptyDataset what="Then see here how far annotators agree on each label kind (Cohen's and Fleiss' κ), and settle their disagreements." />;
  }
  const data = query.data;
  return (
    <div className="agreement-screen" aria-busy={query.isFetching}>
      <KindTabs report={data?.report ?? null} kind={view.kind} />
      <QueryState query={query} label="the agreement" />
      {data && <KindAgreementView data={data} view={view} recomputing={query.isPlaceholderData} />}
    </div>
  );
}

function KindAgreementView({ data, view, recomputing }: { data: AgreementData; view: AgreementView; recomputing: boolean }) {
  const { kind } = view;
  const agreement = data.report[kind];
  const annotators = annotatorRows(kind, data.labelCounts);
  const voters = annotators.filter((row) => row.items > 0);
  if (agreement.annotators < 2 && !view.item) {
    const queue = kind === 'answer_review' ? null : annotateUrl.href({ queue: kind, pick: 'single' });
    return (
      <div className="panel empty-state" data-testid="agreement.empty">
        <h2>{agreement.items === 0 ? `No annotated ${KIND_TITLES[kind].toLowerCase()} labels` : `Only ${voters[0]?.annotator ?? 'one annotator'} labeled ${KIND_TITLES[kind].toLowerCase()}`}</h2>
        <p>
          Agreement compares <code>label</code> events of kind <code>{kind}</code> that name an <code>annotator</code> and are not
          adjudicated. {agreement.items === 0 ? 'The loaded logs have none.' : `All ${agreement.items} labeled items have one annotator: a second one is needed for κ.`}
        </p>
        {queue && agreement.items > 0 && <p><Link href={queue}>Label items that one annotator labeled</Link> to give a second opinion.</p>}
      </div>
    );
  }
  const pair = pickPair(agreement, view.pair);
  return (
    <>
      <Recomputing active={recomputing} className="agreement-numbers">
        <AgreementSummary kind={kind} agreement={agreement} />
        <div className="agreement-overview">
          <AnnotatorsPanel rows={annotators} />
          <PairsPanel kind={kind} agreement={agreement} votes={data.votes} annotators={voters.map((row) => row.annotator)} pair={pair} />
        </div>
        <JudgesPanel kind={kind} judge={view.judge} />
      </Recomputing>
      {(agreement.multi > 0 || view.item) && <AgreementWorkspace kind={kind} data={data} agreement={agreement} view={view} />}
    </>
  );
}
