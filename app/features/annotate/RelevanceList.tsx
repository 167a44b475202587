import { useEffect, useRef } from 'react';
import { agreementUrl } from '../../links/agreement';
import { itemKey } from '../../model/annotation/item-key';
import type { ItemLabelRow } from '../../model/annotation/item-labels';
import { summarizeVotes } from '../../model/annotation/vote-summary';
import { GRADES, type Grade } from '../../schema/given-label';
import { releaseAfterClick, type GradedAsset } from './item-view';
import { VoteLine } from './VoteLine';

const GRADE_NAMES: Record<Grade, string> = { 0: 'not relevant', 1: 'marginal', 2: 'relevant', 3: 'highly relevant' };

interface RelevanceListProps {
  retrievalId: string;
  assets: readonly GradedAsset[];
  labels: readonly ItemLabelRow[];
  annotator: string;
  focused: number;
  onFocus(index: number): void;
  onGrade(grade: Grade, index: number): void;
}

/**
 * The ranked list, graded top down: each distinct asset once (at its first rank) with the
 * catalog's title and text, the retriever's score, the annotator's own grade (the pressed
 * button) and everybody else's. The focused row is the one the digit keys grade.
 */
export function RelevanceList({ retrievalId, assets, labels, annotator, focused, onFocus, onGrade }: RelevanceListProps) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [focused, retrievalId]);
  return (
    <ol className="annotate-assets" aria-label={`Assets returned by ${retrievalId}`} ref={list} data-testid="annotate.assets">
      {assets.map((asset, index) => {
        const votes = summarizeVotes(labels.filter((label) => label.kind === 'relevance' && label.asset_id === asset.asset_id), annotator);
        const mine = votes.mine?.grade ?? null;
        return (
          <li key={asset.asset_id} aria-current={index === focused} data-asset={asset.asset_id} data-grade={mine ?? ''} onClick={() => onFocus(index)}>
            <span className="annotate-rank mono" title={asset.ranks.length > 1 ? `returned at ranks ${asset.ranks.join(', ')}` : `rank ${asset.rank}`}>
              #{asset.ranks.join(',')}
            </span>
            <div className="annotate-asset-body">
              <div className="annotate-asset-head">
                <strong>{asset.title ?? <span className="text-soft">not in the catalog</span>}</strong>
                <span className="mono text-soft">{asset.asset_id}</span>
                {asset.kind && <span className="badge">{asset.kind}</span>}
                {asset.score !== null && <span className="mono text-soft" title="the retriever's score">{asset.score.toFixed(3)}</span>}
              </div>
              {asset.text && <p className="annotate-asset-text">{asset.text}</p>}
              <VoteLine votes={votes} agreement={agreementUrl.href({ kind: 'relevance', item: itemKey({ kind: 'relevance', retrieval_id: retrievalId, asset_id: asset.asset_id }) })} />
            </div>
            <div className="annotate-grades" role="group" aria-label={`Grade ${asset.asset_id}`}>
              {GRADES.map((grade) => (
                <button key={grade} type="button" className={`annotate-grade grade-${grade}`} aria-pressed={mine === grade}
                  title={`${grade}: ${GRADE_NAMES[grade]}`} onClick={(event) => { event.stopPropagation(); releaseAfterClick(event); onGrade(grade, index); }}>
                  {grade}
                </button>
              ))}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
