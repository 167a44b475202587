import { Link } from './Link';
import { sessionsUrl } from '../links/sessions';
import { nodeId } from '../model/lineage/graph';

/** A table cell with the retrieval's session, opened at that retrieval (selected in its timeline and graph). */
export function SessionAtRetrieval({ sessionId, retrievalId }: { sessionId: string; retrievalId: string }) {
  return (
    <td className="mono">
      <Link href={sessionsUrl.href({ session: sessionId, node: nodeId.retrieval(retrievalId) })}
        title={`Open session ${sessionId} at retrieval ${retrievalId}`}>{sessionId}</Link>
    </td>
  );
}
