import { Fragment, useRef, useState } from 'react';
import { LogText } from '../../components/LogText';
import { compactScore, usedRankText, type StageComparison, type StageList, type StageRow } from '../../model/lineage/stage-lists';
import './stage-lists.css';
import { WhatIfPicker } from './WhatIfPicker';

interface StageListsProps {
  retrievalId: string;
  comparison: StageComparison;
}

const rowTitle = (row: StageRow, list: StageList) =>
  [`${row.assetId}${row.title ? ` — ${row.title}` : ''}`, row.rank === null ? `repeat of an earlier position in ${list.label}` : `#${row.rank} in ${list.label}`,
    row.score === null ? null : `score ${row.score}`, row.used ? 'used by an action of this retrieval' : null].filter(Boolean).join('\n');

/**
 * A retrieval's pipeline (docs/log-format.md `stages`): each stage's list in a compact column, in
 * pipeline order, then the returned list, which stays in view at the right when the stages scroll
 * sideways, and the list a what-if pipeline makes of the logged stages (docs/metrics.md); above them, where every asset an action of the retrieval consumed stands in each
 * list. Pointing at an asset marks it in every column.
 */
export function StageLists({ retrievalId, comparison }: StageListsProps) {
  const [pointed, setPointed] = useState<string | null>(null);
  const listsRef = useRef<HTMLDivElement>(null);
  const { lists, used } = comparison;
  const scrolled = lists.filter((list) => list.kind !== 'returned' && list.kind !== 'what-if');
  // a stage the frozen columns cover is brought to the left edge of the lists
  const showStage = (index: number) => {
    const frame = listsRef.current;
    const column = frame?.children[index] as HTMLElement | undefined;
    if (frame && column) frame.scrollTo({ left: column.offsetLeft - frame.offsetLeft - frame.clientLeft, behavior: 'smooth' });
  };
  return (
    <div className="stages" data-testid="retrieval.stages">
      {used.length > 0 ? (
        <ul className="stage-used" aria-label={`Where the used assets of ${retrievalId} rank in each list`}>
          {used.map((asset) => (
            <li key={asset.assetId} data-testid="retrieval.used-rank" onMouseEnter={() => setPointed(asset.assetId)} onMouseLeave={() => setPointed(null)}>
              <span className={`stage-used-what${asset.usage === 'used' ? '' : ' negative'}`}>{asset.usage}</span>{' '}
              <span className="stage-used-asset" title={asset.title ? `${asset.assetId} — ${asset.title}` : asset.assetId}>
                <LogText text={asset.title ?? asset.assetId} shown={60} more={false} />
              </span>:{' '}
              <span className="stage-used-ranks" title={usedRankText(asset.places)}>
                {asset.places.map((place, index) => (
                  <Fragment key={place.list}>
                    {index > 0 && ' · '}
                    <span className={place.rank === null ? 'absent' : undefined}>{usedRankText([place])}</span>
                  </Fragment>
                ))}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <div className="stage-used text-soft">No action used an asset of this retrieval.</div>
      )}
      <WhatIfPicker comparison={comparison} />
      {scrolled.length > 1 && (
        <nav className="stage-jump" aria-label={`Stages of ${retrievalId}`}>
          <span className="text-soft" title="The stages scroll sideways under the frozen what-if and returned lists">{scrolled.length} stages:</span>
          {scrolled.map((list, index) => (
            <button key={list.label} type="button" className="link-button" onClick={() => showStage(index)} title={`Scroll to ${list.label} (${list.kind})`}>
              <LogText text={list.label} shown={40} more={false} />
            </button>
          ))}
        </nav>
      )}
      <div className="stage-lists" role="group" aria-label={`Stage lists of ${retrievalId}`} ref={listsRef}>
        {lists.map((list) => (
          <section key={list.label} className={`stage-list kind-${list.kind}`} aria-label={`${list.label} (${list.kind})`}>
            <header className="stage-head">
              <span className="stage-name" title={list.label}><LogText text={list.label} shown={80} more={false} /></span>
              <span className="stage-kind">{list.kind}</span>
              <span className="stage-size text-soft" title={`${list.size} distinct assets`}>{list.size}</span>
            </header>
            {list.rows.length === 0 ? (
              <div className="stage-empty text-soft">empty</div>
            ) : (
              <ol className="stage-rows">
                {list.rows.map((row) => (
                  <li key={row.position} title={rowTitle(row, list)} onMouseEnter={() => setPointed(row.assetId)} onMouseLeave={() => setPointed(null)}
                    className={`${row.used ? 'used' : ''}${row.rank === null ? ' repeat' : ''}${pointed === row.assetId ? ' pointed' : ''}`}>
                    <span className="stage-rank mono">{row.rank === null ? '=' : `#${row.rank}`}</span>
                    <span className={`stage-asset${row.title ? '' : ' mono'}`}><LogText text={row.title ?? row.assetId} shown={80} more={false} /></span>
                    <span className="stage-score">{compactScore(row.score)}</span>
                  </li>
                ))}
              </ol>
            )}
            {list.hidden > 0 && <div className="stage-more text-soft">+{list.hidden} more not listed</div>}
          </section>
        ))}
      </div>
    </div>
  );
}
