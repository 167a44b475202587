import { Fragment } from 'react';
import { formatCount } from '../../lib/format';
import { METRIC_DEFINITIONS } from '../../model/metrics/definitions';
import type { MatrixReport } from '../../model/metrics/report';

const CELLS = [
  { key: 'healthy', tone: 'good' },
  { key: 'downstream', tone: 'warn' },
  { key: 'masked', tone: 'danger' },
  { key: 'visible_failure', tone: 'bad' },
] as const;

const share = (count: number, total: number) => (total === 0 ? '' : `${Math.round((count / total) * 100)}%`);

/** One slice's Tier 1 × Tier 2 matrix: rows Tier 1 good / bad, columns no ORF / ORF observed. */
function Matrix({ side, matrix }: { side: 'a' | 'b'; matrix: MatrixReport }) {
  const total = matrix.healthy + matrix.downstream + matrix.masked + matrix.visible_failure;
  return (
    <figure className="cmp-matrix" aria-label={`Matrix of slice ${side.toUpperCase()}`}>
      <figcaption><span className={`cmp-badge cmp-badge-${side}`}>{side.toUpperCase()}</span> {formatCount(total)} judged</figcaption>
      <div className="cmp-matrix-grid">
        <span />
        <span className="cmp-matrix-axis">no ORF</span>
        <span className="cmp-matrix-axis">ORF observed</span>
        {CELLS.map((cell, index) => (
          <Fragment key={cell.key}>
            {index % 2 === 0 && <span className="cmp-matrix-axis">{index === 0 ? 'Tier 1 good' : 'Tier 1 bad'}</span>}
            <div className={`cmp-matrix-cell cmp-tone-${cell.tone}`}>
              <span className="cmp-matrix-title">{METRIC_DEFINITIONS[`matrix.${cell.key}`].label}</span>
              <span className="cmp-matrix-count" data-figure={`matrix.${cell.key}`} data-side={side} data-value={matrix[cell.key]}>
                {formatCount(matrix[cell.key])}
              </span>
              <span className="text-soft">{share(matrix[cell.key], total)}</span>
              {cell.key === 'masked' && (
                <span className="cmp-matrix-split">{formatCount(matrix.masked_consumed)} consumed · {formatCount(matrix.masked_silent)} silent</span>
              )}
            </div>
          </Fragment>
        ))}
      </div>
    </figure>
  );
}

export function MatrixPair({ matrix }: { matrix: { a: MatrixReport; b: MatrixReport } }) {
  return (
    <div className="cmp-two">
      <Matrix side="a" matrix={matrix.a} />
      <Matrix side="b" matrix={matrix.b} />
    </div>
  );
}
