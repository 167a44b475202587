import { LogText } from '../../components/LogText';
import { ITEMS_LABELED_TEXT, LABELS_GIVEN_TEXT } from '../../model/annotation/label-count-texts';
import { formatCount } from '../../lib/format';
import type { AnnotatorRow } from './agreement-view';

/** Who labeled this kind under a name: items labeled (what agreement compares), labels given, adjudications. */
export function AnnotatorsPanel({ rows }: { rows: readonly AnnotatorRow[] }) {
  return (
    <section className="panel agreement-annotators" aria-labelledby="agreement-annotators-title" data-testid="agreement.annotators">
      <h2 id="agreement-annotators-title">Annotators</h2>
      <table className="data">
        <thead>
          <tr>
            <th>Annotator</th>
            <th className="num" title={ITEMS_LABELED_TEXT}>Items labeled</th>
            <th className="num" title={LABELS_GIVEN_TEXT}>Labels given</th>
            <th className="num" title="Adjudicated labels: they settle a disagreement and are no vote">Adjudicated</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.annotator} data-annotator={row.annotator} data-labels={row.labels} data-items={row.items}>
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
