import { Link } from '../../components/Link';
import { LogText } from '../../components/LogText';
import { compareUrl } from '../../links/compare';
import type { PairedMetric, PairedQuery } from '../../model/compare/types';
import type { PairUnit } from './DeltaChart';
import { formatDelta } from './figures';

export const LISTED_QUERIES = 10;

/** The largest losses (B − A most negative) and gains (most positive) on a metric, ties by query text. */
export function lossesAndGains(queries: PairedQuery[], metric: PairedMetric) {
  const byDelta = [...queries].sort((left, right) => left.delta[metric] - right.delta[metric] || left.query.localeCompare(right.query));
  return {
    losses: byDelta.filter((query) => query.delta[metric] < 0).slice(0, LISTED_QUERIES),
    gains: byDelta.filter((query) => query.delta[metric] > 0).reverse().slice(0, LISTED_QUERIES),
  };
}

function QueryList({ title, kind, queries, metric, open, unit }: { title: string; kind: 'losses' | 'gains'; queries: PairedQuery[]; metric: PairedMetric; open: string | null; unit: PairUnit }) {
  return (
    <div className={`cmp-list cmp-list-${kind}`} data-testid={`compare.${kind}`}>
      <h3>{title}</h3>
      {queries.length === 0 ? <p className="text-soft">{`No paired ${unit} is ${kind === 'losses' ? 'worse' : 'better'} in B.`}</p> : (
        <table className="data">
          <thead><tr><th>{unit}</th><th className="num">A</th><th className="num">B</th><th className="num">B − A</th></tr></thead>
          <tbody>
            {queries.map((query) => (
              <tr key={query.query} className={open === query.query ? 'cmp-open' : undefined}>
                <td className="cmp-query">
                  <Link href={compareUrl.changed({ query: query.query })} aria-current={open === query.query ? 'true' : undefined}
                    title={unit === 'query' ? 'Open its retrievals in A and B' : 'Open its logged and what-if lists'}>
                    <LogText text={query.query} shown={90} more={false} />
                  </Link>
                </td>
                <td className="num">{query.a[metric].toFixed(3)}</td>
                <td className="num">{query.b[metric].toFixed(3)}</td>
                <td className={`num cmp-delta tone-${kind === 'losses' ? 'worse' : 'better'}`}>{formatDelta(query.delta[metric], 'score')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** Two lists side by side; a query opens its retrievals in both slices (a what-if's retrieval, its two lists). */
export function LossesGains({ queries, metric, label, open, unit = 'query' }: { queries: PairedQuery[]; metric: PairedMetric; label: string; open: string | null; unit?: PairUnit }) {
  const { losses, gains } = lossesAndGains(queries, metric);
  return (
    <div className="cmp-two">
      <QueryList title={`Largest losses on ${label}`} kind="losses" queries={losses} metric={metric} open={open} unit={unit} />
      <QueryList title={`Largest gains on ${label}`} kind="gains" queries={gains} metric={metric} open={open} unit={unit} />
    </div>
  );
}
