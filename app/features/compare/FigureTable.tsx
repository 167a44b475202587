import type { SideBySide } from '../../model/compare/types';
import { formatCount } from '../../lib/format';
import { deltaTone, formatDelta, formatFigure, sideCount, type Figure } from './figures';

const TONE_WORD = { better: 'B better', worse: 'B worse', same: 'same' } as const;

function Side({ id, figure, values, side }: { id: string; figure: Figure; values: Record<string, SideBySide>; side: 'a' | 'b' }) {
  const value = values[figure.key]?.[side] ?? null;
  const count = sideCount(values, figure.over, side);
  return (
    <td className="num">
      <span data-figure={`${id}.${figure.key}`} data-side={side} data-value={value === null ? 'null' : String(value)}>{formatFigure(value, figure.kind)}</span>
      {count !== null && <span className="cmp-over">of {formatCount(count)}</span>}
    </td>
  );
}

/** Figures of both slices in rows: A, B, and B − A colored by which way the figure is better. */
export function FigureTable({ id, title, figures, values }: { id: string; title: string; figures: Figure[]; values: Record<string, SideBySide> }) {
  return (
    <table className="data cmp-figures" aria-label={title}>
      <thead>
        <tr><th>{title}</th><th className="num">A</th><th className="num">B</th><th className="num">B − A</th></tr>
      </thead>
      <tbody>
        {figures.map((figure) => {
          const delta = values[figure.key]?.delta ?? null;
          const tone = deltaTone(delta, figure.better);
          return (
            <tr key={figure.key}>
              <th scope="row">
                {figure.label}
                {figure.better === 'lower' && <span className="cmp-lower" title="lower is better"> ↓</span>}
              </th>
              <Side id={id} figure={figure} values={values} side="a" />
              <Side id={id} figure={figure} values={values} side="b" />
              <td className={`num cmp-delta${tone ? ` tone-${tone}` : ''}`} data-figure={`${id}.${figure.key}`} data-side="delta"
                data-value={delta === null ? 'null' : String(delta)} data-tone={tone ?? 'none'}
                title={tone && tone !== 'same' ? TONE_WORD[tone] : undefined}>
                {formatDelta(delta, figure.kind)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
