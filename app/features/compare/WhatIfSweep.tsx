import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Area, CartesianGrid, ComposedChart, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Panel } from '../../components/Panel';
import { QueryState } from '../../components/QueryState';
import { navigate } from '../../lib/url-state';
import { compareUrl } from '../../links/compare';
import type { MetricSettings } from '../../model/metrics/settings';
import type { PairedMetric } from '../../model/compare/types';
import { DEFAULT_SWEEPS, parseSweep, sweepText, type SweepKind } from '../../model/what-if/pipeline';
import { useDataset } from '../../session/dataset';
import { whatIfSweepOptions } from '../../queries/what-if';
import { formatDelta, pairedLabel } from './figures';

interface SweepRow { value: number; mean: number | null; band: [number, number] | null; p: number | null }

/** A sweep: the mean B − A of one metric against the fusion's parameter, with its 95% interval as a band. */
export function WhatIfSweep({ base, sweep, metric }: { base: MetricSettings; sweep: string | null; metric: PairedMetric }) {
  const dataset = useDataset();
  const parsed = sweep ? parseSweep(sweep) : null;
  const initial = parsed?.ok ? parsed.sweep : DEFAULT_SWEEPS.rrf;
  const [kind, setKind] = useState<SweepKind>(initial.kind);
  const [from, setFrom] = useState(String(initial.from));
  const [to, setTo] = useState(String(initial.to));
  const [count, setCount] = useState(String(initial.count));
  const typed = parseSweep(`${kind}:${from}:${to}:${count}`);
  const points = useQuery({ ...whatIfSweepOptions(dataset, base, parsed?.ok ? parsed.sweep : DEFAULT_SWEEPS.rrf), enabled: dataset.engine !== null && parsed?.ok === true });
  const label = pairedLabel(metric, base.k);
  const rows: SweepRow[] = (points.data ?? []).map((point) => {
    const statistic = point.result.report.paired[metric];
    return {
      value: point.value, mean: statistic.mean_delta, p: statistic.p_value,
      band: statistic.ci_low === null || statistic.ci_high === null ? null : [statistic.ci_low, statistic.ci_high],
    };
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.ok) navigate(compareUrl.changed({ sweep: sweepText(typed.sweep) }));
  };
  return (
    <Panel id="compare.sweep" title="Sweep" recomputing={points.isFetching}
      question={`B − A on ${label} at each value of the fusion's parameter, each point a what-if of its own, with its 95% bootstrap interval as a band.`}>
      <form className="cmp-what-if-form" aria-label="Sweep" onSubmit={submit}>
        <select aria-label="Sweep pipeline" value={kind} onChange={(event) => {
          const next = DEFAULT_SWEEPS[event.target.value as SweepKind];
          setKind(next.kind); setFrom(String(next.from)); setTo(String(next.to)); setCount(String(next.count));
        }}>
          <option value="rrf">k of RRF</option>
          <option value="weighted">w of the weighted fusion</option>
        </select>
        <label>from <input aria-label="From" size={5} value={from} onChange={(event) => setFrom(event.target.value)} /></label>
        <label>to <input aria-label="To" size={5} value={to} onChange={(event) => setTo(event.target.value)} /></label>
        <label>points <input aria-label="Points" size={3} value={count} onChange={(event) => setCount(event.target.value)} /></label>
        <button type="submit" disabled={!typed.ok}>Sweep</button>
        {!typed.ok && <span className="text-soft">{typed.error}</span>}
      </form>
      {parsed?.ok === false && <div className="query-error" role="alert">{parsed.error}</div>}
      {parsed?.ok && <QueryState query={points} label="the sweep" />}
      {rows.length > 0 && (
        <figure className="cmp-chart" aria-label={`B − A on ${label} against the parameter`} data-testid="compare.sweep-chart" data-points={rows.length}>
          <ResponsiveContainer width="100%" height={240}>
            <ComposedChart data={rows} margin={{ top: 8, right: 16, bottom: 16, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="value" type="number" domain={['dataMin', 'dataMax']} ticks={rows.map((row) => row.value)} tick={{ fontSize: 11 }}
                label={{ value: parsed?.ok && parsed.sweep.kind === 'rrf' ? 'k' : 'w', position: 'insideBottom', offset: -8, fontSize: 12 }} />
              <YAxis tick={{ fontSize: 11 }} width={52} tickFormatter={(value: number) => formatDelta(value, 'score')} />
              <ReferenceLine y={0} stroke="#5b6475" />
              <Tooltip formatter={(value) => (Array.isArray(value) ? value.map((v) => formatDelta(Number(v), 'score')).join(' to ') : formatDelta(Number(value), 'score'))} />
              <Area dataKey="band" name="95% interval" stroke="none" fill="#2f5bd3" fillOpacity={0.18} isAnimationActive={false} />
              <Line dataKey="mean" name={`mean B − A, ${label}`} stroke="#2f5bd3" dot isAnimationActive={false} />
            </ComposedChart>
          </ResponsiveContainer>
          <figcaption className="text-soft">Each point re-ranks every retrieval with stages at that value; the band narrows where the pairs agree.</figcaption>
        </figure>
      )}
    </Panel>
  );
}
