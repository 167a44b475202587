import { CartesianGrid, LabelList, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatRate } from '../../lib/format';
import { confidentlyWrongTrend, type TrendPoint } from '../../model/annotation/review-queue';
import type { ReviewWeek } from '../../model/gate/review';
import type { ReviewReport } from '../../model/annotation/review-report';

const percent = (value: number) => `${Math.round(value * 100)}%`;

function PointTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: TrendPoint }[] }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="review-tooltip">
      <strong>{point.week}</strong>
      <span>{point.rate === null ? 'nothing reviewed' : `${formatRate(point.rate)} confidently wrong`}</span>
      <span className="text-soft">{point.wrong} wrong of {point.reviewed} reviewed</span>
    </div>
  );
}

/** The report's confidently-wrong rate per ISO week, each point labeled with the number of answers reviewed behind it. */
export function WrongRateTrend({ weeks, report, selected }: { weeks: ReviewWeek[]; report: ReviewReport; selected: string }) {
  const points = confidentlyWrongTrend(weeks, report);
  // Whole tenths on the axis, ticks every 5 or 10 points, so that no tick label is rounded.
  const top = Math.min(1, Math.ceil(Math.max(0.1, ...points.map((point) => point.rate ?? 0)) * 10) / 10);
  const step = top > 0.3 ? 0.1 : 0.05;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
  return (
    <figure className="review-trend" aria-label="Confidently-wrong rate per ISO week">
      <figcaption className="subhead">Confidently wrong per ISO week <span className="text-soft">(n = answers reviewed)</span></figcaption>
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={points} margin={{ top: 22, right: 24, bottom: 4, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" tick={{ fontSize: 11 }} tickFormatter={(week: string) => week.replace(/^\d{4}-/, '')} />
          <YAxis domain={[0, top]} ticks={ticks} tickFormatter={percent} tick={{ fontSize: 11 }} width={40} />
          <Tooltip content={<PointTooltip />} />
          <ReferenceLine x={selected} stroke="var(--accent)" strokeDasharray="4 3" />
          <Line type="linear" dataKey="rate" stroke="var(--bad)" strokeWidth={2} dot={{ r: 3 }} connectNulls isAnimationActive={false}>
            <LabelList dataKey="reviewed" position="top" fontSize={10} fill="var(--ink-soft)"
              formatter={(value: unknown) => (typeof value === 'number' && value > 0 ? `n=${value}` : '')} />
          </Line>
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
