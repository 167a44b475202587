import { LogText } from '../../components/LogText';
import type { DownVotedQuery } from '../../engine/sql/gate/gate-screen';
import type { GateView } from '../../links/gate';
import { GateCount } from './GateCount';
import { sessionsBehind } from './session-links';

export function DownVotedQueries({ downVoted, view }: { downVoted: DownVotedQuery[]; view: GateView }) {
  return (
    <>
      <h3 className="subhead">{downVoted.length === 1 ? 'The down-voted query' : `Top ${downVoted.length} down-voted queries`}</h3>
      <p className="text-soft gate-note">
        The query of the feedback's retrieval, else of the first retrieval in the request of the response it rates. A count opens the
        sessions with a down-vote that mention the query.
      </p>
      {downVoted.length === 0 ? <p className="text-soft">No down-vote can be traced to a query.</p> : (
        <table className="data" aria-label="Top down-voted queries">
          <thead><tr><th>query</th><th className="num">down-votes</th></tr></thead>
          <tbody>
            {downVoted.map((row, index) => (
              <tr key={row.query}>
                <td><LogText text={row.query} /></td>
                <td className="num">
                  <GateCount path={`gate.down_voted.${index}`} value={row.down} definition="down-votes whose query (their retrieval's, else the one in the rated response's request) is this one"
                    sessions={sessionsBehind(view, 'down', { search: row.query })} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
