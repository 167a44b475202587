import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Panel } from '../../../components/Panel';
import { QueryState } from '../../../components/QueryState';
import { formatCount, formatRate } from '../../../lib/format';
import { navigate } from '../../../lib/url-state';
import { metricsUrl } from '../../../links/metrics';
import { DEFAULT_MIN_SUPPORT, EXPLAIN_SIGNALS, SIGNAL_NAMES, type ExplainSignal } from '../../../model/explain/signals';
import { readSlice, writeSlice } from '../../../model/explain/slice-codec';
import { sliceName, type ExplainSlice } from '../../../model/explain/slices';
import type { MetricSettings } from '../../../model/metrics/settings';
import { useDataset } from '../../../session/dataset';
import { explainOptions } from '../../../queries/explain';
import { RateBar } from './RateBar';
import { SliceRetrievals } from './SliceRetrievals';
import './why-here.css';

const qText = (q: number) => (q < 0.0001 ? '< 0.0001' : q.toFixed(4));
const sameSlice = (slice: ExplainSlice, chosen: string | null) => chosen !== null && writeSlice(slice.slice) === chosen;

/** `min_support` from the URL: a whole number of 1 or more, else the default. */
export function minSupportOf(text: string | null): number {
  return text !== null && /^[1-9]\d*$/.test(text) ? Number(text) : DEFAULT_MIN_SUPPORT;
}

/**
 * docs/metrics.md, "Where a signal concentrates": the slices where the signal's rate is significantly
 * above its overall rate, by lift, each opening its retrievals. The Metrics filters narrow the population.
 */
export function WhyHerePanel({ signal, settings, chosenSlice, minSupport }: { signal: ExplainSignal; settings: MetricSettings; chosenSlice: string | null; minSupport: number }) {
  const explained = useQuery(explainOptions(useDataset(), settings, signal, minSupport));
  const chosen = readSlice(chosenSlice) === null ? null : chosenSlice;
  const data = explained.data;
  const base = data && data.report.population > 0 ? data.report.hits / data.report.population : 0;
  const open = data?.report.slices.find((slice) => sameSlice(slice, chosen));
  const top = useRef<HTMLDivElement>(null);
  // opened from another panel (or for another signal): brought into view
  useEffect(() => {
    top.current?.scrollIntoView({ block: 'start' });
  }, [signal]);
  return (
    <div id="why-here" ref={top}>
      <Panel id="why-here" title={`Why here? · ${SIGNAL_NAMES[signal].title}`}
        question="Where does the signal concentrate? Slices (attribute = value, and pairs) whose rate is significantly above the overall rate: two-proportion z-test, Benjamini–Hochberg q < 0.05, by lift. A pair is listed only when it explains more than either part."
        scope={<p className="section-filters">Counts retrievals, as Tier 1 and Tier 2 do: every Metrics filter narrows them.</p>}
        actions={<button type="button" className="button subtle" onClick={() => navigate(metricsUrl.changed({ why: null, whySlice: null }))}>Close</button>}>
        <div className="segmented" role="group" aria-label="Signal">
          {EXPLAIN_SIGNALS.map((name) => (
            <button key={name} type="button" aria-pressed={name === signal} onClick={() => navigate(metricsUrl.changed({ why: name, whySlice: null }), { replace: true })}>
              {SIGNAL_NAMES[name].title}
            </button>
          ))}
        </div>
        <QueryState query={explained} label="where the signal concentrates" />
        {data && (
          <>
            <p className="why-here-summary" data-testid="why-here.summary">
              {formatCount(data.report.hits)} of {formatCount(data.report.population)} {SIGNAL_NAMES[signal].population} ({formatRate(base)} overall);{' '}
              {formatCount(data.tested.length)} slices of {formatCount(minSupport)} or more retrievals tested, {formatCount(data.report.slices.length)} listed.
            </p>
            {data.report.slices.length === 0
              ? <p className="text-soft">No slice has a rate significantly above the overall rate.</p>
              : <SliceTable slices={data.report.slices} base={base} signal={signal} chosen={chosen} />}
            {open && <SliceRetrievals signal={signal} slice={open} settings={settings} />}
          </>
        )}
      </Panel>
    </div>
  );
}

function SliceTable({ slices, base, signal, chosen }: { slices: ExplainSlice[]; base: number; signal: ExplainSignal; chosen: string | null }) {
  return (
    <div className="scroll-table">
      <table className="data why-here-table" aria-label={`Where ${SIGNAL_NAMES[signal].title.toLowerCase()} concentrate`}>
        <thead>
          <tr><th>slice</th><th className="num">n</th><th className="num">hits</th><th className="num">rate</th><th>rate against overall</th><th className="num">95% interval</th><th className="num">lift</th><th className="num">q</th><th /></tr>
        </thead>
        <tbody>
          {slices.map((slice) => {
            const name = sliceName(slice.slice);
            const selected = sameSlice(slice, chosen);
            return (
              <tr key={name} className={selected ? 'selected' : undefined}>
                <td><span className="why-here-slice-parts">{name.split(' & ').map((part) => <span key={part} className="why-here-part">{part}</span>)}</span></td>
                <td className="num">{formatCount(slice.n)}</td>
                <td className="num">{formatCount(slice.hits)}</td>
                <td className="num">{formatRate(slice.rate)}</td>
                <td><RateBar rate={slice.rate} low={slice.ci_low} high={slice.ci_high} base={base} /></td>
                <td className="num">{formatRate(slice.ci_low)}–{formatRate(slice.ci_high)}</td>
                <td className="num">{slice.lift.toFixed(2)}×</td>
                <td className="num">{qText(slice.q_value)}</td>
                <td>
                  <button type="button" className="button subtle" aria-pressed={selected} aria-label={`List the retrievals of ${name}`}
                    onClick={() => navigate(metricsUrl.changed({ whySlice: selected ? null : writeSlice(slice.slice) }))}>
                    {selected ? 'Hide' : 'Retrievals'}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
