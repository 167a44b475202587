import { LogText } from '../../components/LogText';
import { formatCount, formatRate } from '../../lib/format';
import type { ConfusionMatrix } from '../../model/annotation/agreement';
import type { LabelKind } from '../../schema/given-label';
import { shortValue, valueName } from './agreement-view';

/** How two annotators' values cross on the items they share: rows `a`, columns `b`, agreement on the diagonal. */
export function ConfusionMatrixTable({ kind, a, b, matrix }: { kind: LabelKind; a: string; b: string; matrix: ConfusionMatrix }) {
  const agreed = matrix.values.reduce((sum, _, i) => sum + matrix.counts[i][i], 0);
  const largest = Math.max(1, ...matrix.counts.flat());
  return (
    <figure className="agreement-confusion" data-testid="agreement.confusion" aria-label={`Confusion of ${a} and ${b}`}>
      <figcaption>
        <strong>{a}</strong> (rows) × <strong>{b}</strong> (columns): the same value on {formatCount(agreed)} of {formatCount(matrix.items)} shared
        items ({formatRate(matrix.items ? agreed / matrix.items : null)}).
      </figcaption>
      <table className="agreement-matrix">
        <thead>
          <tr>
            <th scope="col" className="agreement-matrix-corner" title={`${a} ↓ · ${b} →`}><LogText text={a} shown={40} more={false} /> ↓ · <LogText text={b} shown={40} more={false} /> →</th>
            {matrix.values.map((value) => <th key={value} scope="col" title={valueName(kind, value)}>{shortValue(kind, value)}</th>)}
          </tr>
        </thead>
        <tbody>
          {matrix.values.map((row, i) => (
            <tr key={row}>
              <th scope="row" title={valueName(kind, row)}>{shortValue(kind, row)}</th>
              {matrix.values.map((column, j) => {
                const count = matrix.counts[i][j];
                const share = count / largest;
                return (
                  <td key={column} className={i === j ? 'agree' : count > 0 ? 'part' : undefined}
                    style={count > 0 ? { background: i === j ? `rgba(31, 138, 76, ${0.12 + share * 0.5})` : `rgba(197, 48, 48, ${0.12 + share * 0.5})` } : undefined}
                    title={`${a}: ${valueName(kind, row)} · ${b}: ${valueName(kind, column)} — ${count} item${count === 1 ? '' : 's'}`}>
                    {count || <span className="text-soft">·</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
