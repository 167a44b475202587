import type { CompareResult, SideBySide } from '../../model/compare/types';
import { deltaTone, formatDelta, formatFigure, pairedLabel, type Better, type FigureKind } from './figures';

/** Roles in the order of the paper, then any other role the logs use. */
const ROLE_ORDER = ['find', 'browse', 'operate', 'reference', 'step', 'contextual', 'unknown'];
const ordered = (roles: string[]) => [...ROLE_ORDER.filter((role) => roles.includes(role)), ...roles.filter((role) => !ROLE_ORDER.includes(role)).sort()];

interface Column { tier: 'tier1' | 'tier2'; key: string; label: string; kind: FigureKind; better: Better }

const columns = (k: number): Column[] => [
  { tier: 'tier1', key: 'p_at_1', label: pairedLabel('p_at_1', k), kind: 'score', better: 'higher' },
  { tier: 'tier1', key: 'ndcg_at_k', label: pairedLabel('ndcg_at_k', k), kind: 'score', better: 'higher' },
  { tier: 'tier1', key: 'mrr', label: 'MRR', kind: 'score', better: 'higher' },
  { tier: 'tier2', key: 'gpr', label: 'GPR', kind: 'rate', better: 'higher' },
  { tier: 'tier2', key: 'orf', label: 'ORF ↓', kind: 'rate', better: 'lower' },
];

function Pair({ value, kind, better }: { value: SideBySide | undefined; kind: FigureKind; better: Better }) {
  const tone = deltaTone(value?.delta ?? null, better);
  return (
    <td className="num cmp-role-pair">
      <span className="text-soft">{formatFigure(value?.a ?? null, kind)} → {formatFigure(value?.b ?? null, kind)}</span>
      {value?.delta != null && <span className={`cmp-delta${tone ? ` tone-${tone}` : ''}`}>{formatDelta(value.delta, kind)}</span>}
    </td>
  );
}

/** The main figures per role, A → B with the delta: where a change helped one kind of request and hurt another. */
export function RoleBreakdown({ byRole, k }: { byRole: CompareResult['byRole']; k: number }) {
  const roles = ordered(Object.keys(byRole));
  if (roles.length === 0) return null;
  return (
    <details className="cmp-roles" data-testid="compare.by-role">
      <summary>By role ({roles.length === 1 ? '1 role' : `${roles.length} roles`})</summary>
      <table className="data" aria-label="By role">
        <thead>
          <tr>
            <th>role</th><th className="num">retrievals A → B</th><th className="num">judged A → B</th>
            {columns(k).map((column) => <th key={column.key} className="num">{column.label}</th>)}
          </tr>
        </thead>
        <tbody>
          {roles.map((role) => {
            const row = byRole[role];
            return (
              <tr key={role}>
                <th scope="row">{role}</th>
                <td className="num">{formatFigure(row.tier1.retrievals?.a ?? null, 'count')} → {formatFigure(row.tier1.retrievals?.b ?? null, 'count')}</td>
                <td className="num">{formatFigure(row.tier1.judged?.a ?? null, 'count')} → {formatFigure(row.tier1.judged?.b ?? null, 'count')}</td>
                {columns(k).map((column) => <Pair key={column.key} value={row[column.tier][column.key]} kind={column.kind} better={column.better} />)}
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
