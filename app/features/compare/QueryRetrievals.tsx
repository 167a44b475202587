import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from '../../components/Link';
import { LogText } from '../../components/LogText';
import { QueryState } from '../../components/QueryState';
import { type QueryRetrievalRow } from '../../engine/sql/compare/query-retrievals';
import { QUERY_RETRIEVALS_LIMIT } from '../../model/compare/query-retrievals';
import { formatTimestamp, pluralize } from '../../lib/format';
import { navigate } from '../../lib/url-state';
import { compareUrl } from '../../links/compare';
import { sessionsUrl } from '../../links/sessions';
import type { MetricSettings } from '../../model/metrics/settings';
import { queryRetrievalsOptions } from '../../queries/compare';
import { useDataset } from '../../session/dataset';

const score = (value: number | null) => (value === null ? '—' : value.toFixed(3));

function SideRetrievals({ side, settings, query }: { side: 'a' | 'b'; settings: MetricSettings; query: string }) {
  const rows = useQuery(queryRetrievalsOptions(useDataset(), settings, query));
  const k = settings.k;
  const name = side.toUpperCase();
  return (
    <div className="cmp-side-retrievals" data-testid={`compare.retrievals-${side}`}>
      <h3><span className={`cmp-badge cmp-badge-${side}`}>{name}</span> {rows.data ? pluralize(rows.data.length, 'retrieval') : ''}
        {rows.data?.length === QUERY_RETRIEVALS_LIMIT ? ` (the first ${QUERY_RETRIEVALS_LIMIT})` : ''}</h3>
      <QueryState query={rows} label={`the retrievals in ${name}`} />
      {rows.data?.length === 0 && <p className="text-soft">No retrieval of this query in slice {name}.</p>}
      {rows.data && rows.data.length > 0 && (
        <div className="scroll-table">
          <table className="data cmp-retrievals" aria-label={`Retrievals in ${name}`}>
            <thead>
              <tr>
                <th>retrieval</th><th>session</th><th>retriever</th><th>run</th><th>ts (UTC)</th>
                <th className="num">P@1</th><th className="num">P@{k}</th><th className="num">R@{k}</th><th className="num">nDCG@{k}</th><th className="num">RR</th>
              </tr>
            </thead>
            <tbody>
              {rows.data.map((row: QueryRetrievalRow) => (
                <tr key={row.retrieval_id} data-retrieval={row.retrieval_id}>
                  <td className="mono"><LogText text={row.retrieval_id} /></td>
                  <td className="mono">
                    <Link href={sessionsUrl.href({ session: row.session_id, node: `retrieval:${row.retrieval_id}` })}><LogText text={row.session_id} /></Link>
                  </td>
                  <td>{row.retriever === null ? <span className="text-soft">—</span> : <LogText text={row.retriever} />}</td>
                  <td>{row.run_id === null ? <span className="text-soft">—</span> : <LogText text={row.run_id} />}</td>
                  <td className="mono">{formatTimestamp(Number(row.ts))}</td>
                  {row.judged ? (
                    [row.p_at_1, row.p_at_k, row.recall_at_k, row.ndcg_at_k, row.rr].map((value, index) => <td key={index} className="num">{score(value)}</td>)
                  ) : (
                    <td className="text-soft" colSpan={5}>not judged{row.is_empty ? ', empty result' : ''}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The drill-down of one query text: its retrievals in slice A and in slice B, scored at K. */
export function QueryRetrievals({ query, settings }: { query: string; settings: { a: MetricSettings; b: MetricSettings } }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, [query]);
  return (
    <section ref={panel} className="panel cmp-drilldown" id="query-retrievals" aria-labelledby="query-retrievals-title" data-testid="compare.query-retrievals">
      <header className="cmp-drilldown-head">
        <h2 id="query-retrievals-title">Retrievals of “<LogText text={query} shown={200} more={false} />”</h2>
        <button type="button" className="button subtle small" onClick={() => navigate(compareUrl.changed({ query: null }))}>Close</button>
      </header>
      <SideRetrievals side="a" settings={settings.a} query={query} />
      <SideRetrievals side="b" settings={settings.b} query={query} />
    </section>
  );
}
