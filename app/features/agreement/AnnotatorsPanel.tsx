import { LogText } from '../../components/LogText';
import { formatCount } from '../../lib/format';
import type { AnnotatorRow } from './agreement-view';

/** Who labeled this kind under a name: items voted on (what agreement compares), every label, adjudications. */
export function AnnotatorsPanel({ rows }: { rows: readonly AnnotatorRow[] }) {
  return (
    <section className="panel agreement-annotators" aria-labelledby="agreement-annotators-title" data-testid="agreement.annotators">
      <h2 id="agreement-annotators-title">Annotators</h2>
      <table className="data">
        <thead>
          <tr>
            <th>Annotator</th>
            <th className="num" title="Items voted on: each annotator's latest label per item, adjudications aside">Items</th>
            <th className="num" title="Every label given, re-labels and adjudications included">Labels</th>
            <th className="num" title="Adjudicated labels: they settle a disagreement and are no vote">Adjudicated</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.annotator} data-annotator={row.annotator}>
              <td>
                <LogText text={row.annotator} shown={120} />
                {row.givenHere > 0 && <span className="text-soft" title="Labels given in this browser"> · {formatCount(row.givenHere)} here</span>}
              </td>
              <td className="num">{formatCount(row.items)}</td>
              <td className="num">{formatCount(row.labels)}</td>
              <td className="num">{row.adjudications > 0 ? formatCount(row.adjudications) : <span className="text-soft">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
