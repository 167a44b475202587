import { useQuery } from '@tanstack/react-query';
import { Link } from '../../components/Link';
import { LogText } from '../../components/LogText';
import { Panel } from '../../components/Panel';
import { QueryState } from '../../components/QueryState';
import { sessionsUrl } from '../../links/sessions';
import type { Pipeline } from '../../model/what-if/pipeline';
import { pipelineText } from '../../model/what-if/pipeline';
import { useDataset } from '../../session/dataset';
import { whatIfRetrievalOptions } from '../../queries/what-if';

function RankedList({ title, assetIds, grades, k }: { title: string; assetIds: string[]; grades: Map<string, number>; k: number }) {
  const seen = new Set<string>();
  return (
    <div className="cmp-list" data-testid={`compare.what-if-list.${title === 'logged' ? 'a' : 'b'}`}>
      <h3>{title}</h3>
      <ol className="cmp-what-if-ranked">
        {assetIds.filter((assetId) => !seen.has(assetId) && seen.add(assetId)).map((assetId, index) => {
          const grade = grades.get(assetId);
          return (
            <li key={assetId} className={index >= k ? 'text-soft' : undefined} data-asset={assetId}>
              <LogText text={assetId} shown={60} more={false} />{' '}
              <span className={grade === undefined ? 'text-soft' : grade >= 1 ? 'tone-better' : undefined}>{grade === undefined ? 'unlabeled' : `grade ${grade}`}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** One retrieval of a what-if: its logged list and the pipeline's side by side, with each asset's resolved grade. */
export function WhatIfRetrieval({ pipeline, retrievalId, k }: { pipeline: Pipeline; retrievalId: string; k: number }) {
  const dataset = useDataset();
  const opened = useQuery(whatIfRetrievalOptions(dataset, pipeline, retrievalId));
  const retrieval = opened.data?.retrieval ?? null;
  const grades = new Map((retrieval?.labeled_assets ?? []).map((assetId, i) => [assetId, retrieval!.labeled_grades![i]]));
  return (
    <Panel id="compare.what-if-retrieval" title={`Retrieval ${retrievalId}`}
      question={`Its logged list and the list ${pipelineText(pipeline)} makes of its logged candidates; past the first ${k}, greyed.`}>
      <QueryState query={opened} label="the retrieval's lists" />
      {retrieval && (
        <>
          <p>
            <LogText text={retrieval.query ?? '(no query text)'} shown={200} more={false} />{' '}
            <span className="text-soft">·</span> <Link href={sessionsUrl.href({ session: retrieval.session_id, node: `retrieval:${retrieval.retrieval_id}` })}>open in its session</Link>
          </p>
          <div className="cmp-two">
            <RankedList title="logged" assetIds={retrieval.returned_asset_ids ?? []} grades={grades} k={k} />
            <RankedList title={pipelineText(pipeline)} assetIds={opened.data?.whatIf ?? []} grades={grades} k={k} />
          </div>
        </>
      )}
    </Panel>
  );
}
