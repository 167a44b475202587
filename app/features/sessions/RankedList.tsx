import { LogText } from '../../components/LogText';
import { Link } from '../../components/Link';
import { lineageUrl } from '../../links/lineage';
import { nodeId } from '../../model/lineage/graph';
import type { ResultItem } from '../../model/lineage/timeline';
import { GradeButtons } from './GradeButtons';
import { itemKeys, useSessionLabels } from './session-labels-context';
import { VoteLine } from './VoteLine';

interface RankedListProps {
  retrievalId: string;
  items: readonly ResultItem[];
  selectedNode: string | null;
  onSelectNode(id: string): void;
}

/**
 * A retrieval's full list as the retriever returned it: rank (a repeat shows the rank it counts
 * at), catalog title, score, the resolved relevance grade metrics use, grade buttons, who
 * labeled it, and every action on the asset through lineage.
 */
export function RankedList({ retrievalId, items, selectedNode, onSelectNode }: RankedListProps) {
  const { votes } = useSessionLabels();
  if (items.length === 0) return null;
  return (
    <ol className="ranked" aria-label={`Results of ${retrievalId}`}>
      {items.map((item) => {
        const id = nodeId.asset(retrievalId, item.assetId);
        const used = item.actions.length > 0;
        return (
          <li key={item.position} data-node-id={item.rank !== null ? id : undefined}
            className={`${used ? 'used' : ''}${item.rank === null ? ' repeat' : ''}${selectedNode === id ? ' selected' : ''}`}
            onClick={used ? (event) => (event.target as Element).closest('a, button') || onSelectNode(id) : undefined}
            title={used ? 'Show in the lineage graph' : undefined}>
            <span className="ranked-rank mono" title={item.rank === null ? `repeat of #${item.repeatOf}: counts at its first rank` : `rank ${item.rank}`}>
              {item.rank === null ? `=#${item.repeatOf}` : `#${item.rank}`}
            </span>
            <span className="ranked-title">
              {item.title && <span className="ranked-name"><LogText text={item.title} /></span>}
              <Link href={lineageUrl.href({ trace: { kind: 'asset', id: item.assetId } })} className="ranked-id mono" title={`Trace ${item.assetId} across sessions`}><LogText text={item.assetId} /></Link>
            </span>
            <span className="ranked-score mono">{item.score === null ? '' : item.score.toFixed(3)}</span>
            <span className={`ranked-grade grade-${item.grade ?? 'none'}`} title={item.grade === null ? 'not judged' : `resolved relevance grade ${item.grade} (0–3), what the metrics use`}>
              {item.grade === null ? '' : `g${item.grade}`}
            </span>
            {item.rank === null ? <span /> : <GradeButtons retrievalId={retrievalId} assetId={item.assetId} />}
            {item.rank !== null && <VoteLine summary={votes(itemKeys.relevance(retrievalId, item.assetId))} label={item.assetId} />}
            {used && <span className="ranked-actions">
              {item.actions.map((action) => (
                <button key={action.eventId} type="button"
                  className={`chip${action.external ? ' external' : ''}${action.inherited ? ' inherited' : ''}${action.derived ? ' derived' : ''}`}
                  onClick={() => onSelectNode(nodeId.action(action.eventId))}
                  title={[action.external ? `in session ${action.sessionId}` : null, action.derived?.detail].filter(Boolean).join('\n') || undefined}>
                  {action.label}{action.derived ? ` · ${action.derived.label}` : ''}{action.external ? ` ↗ ${action.sessionId}` : ''}
                </button>
              ))}
            </span>}
          </li>
        );
      })}
    </ol>
  );
}
