import { Link } from '../../components/Link';
import { navigate } from '../../lib/url-state';
import { questionsUrl, runFromParam, runToParam } from '../../links/questions';
import { useScreenView } from '../../links/use-screen-view';
import type { DriftAnalysis } from '../../model/drift/analyze';
import { compareRuns, defaultComparedRuns, type RunComparisonRow } from '../../model/drift/compare-runs';
import type { GoldStatus } from '../../model/drift/evidence';
import { runLabel } from '../../model/drift/format-time';

const STATUS_MARK: Record<GoldStatus, string> = { found: '✓', not_asked: '✗ not asked', unreachable: '✗ unreachable' };

function GoldCell({ row, side }: { row: RunComparisonRow; side: 'a' | 'b' }) {
  const run = row[side];
  if (!run) return <td className="text-soft">not run</td>;
  if (!run.goldIds) return <td className="text-soft">no gold known</td>;
  const onlyHere = side === 'a' ? row.foundOnlyByA : row.foundOnlyByB;
  return (
    <td>
      <Link className="mono run-link" href={questionsUrl.href({ question: run.questionId, run: run.runId })}>open</Link>
      {row.gold.map((g) => {
        const status = g[side];
        return (
          <span key={g.assetId} className={`gold-chip ${status ?? 'none'}${onlyHere.includes(g.assetId) ? ' only-here' : ''}`}>
            <span className="mono">{g.assetId}</span> {status ? STATUS_MARK[status] : '—'}
          </span>
        );
      })}
    </td>
  );
}

export function CompareRuns({ analysis }: { analysis: DriftAnalysis }) {
  const view = useScreenView(questionsUrl);
  const defaults = defaultComparedRuns(analysis.runIds);
  const runA = view.runA !== undefined ? view.runA : defaults?.[0] ?? null;
  const runB = view.runB !== undefined ? view.runB : defaults?.[1] ?? null;
  const rows = compareRuns(analysis, runA, runB);
  const picker = (side: 'runA' | 'runB', value: string | null, label: string) => (
    <select aria-label={label} value={runToParam(value)} onChange={(e) => navigate(questionsUrl.changed({ [side]: runFromParam(e.currentTarget.value) }))}>
      {analysis.runIds.map((id) => <option key={runToParam(id)} value={runToParam(id)}>{runLabel(id)}</option>)}
    </select>
  );

  return (
    <section className="panel compare" aria-label="Compare runs">
      <div className="toolbar">
        <button type="button" className="button subtle" onClick={() => navigate(questionsUrl.changed({ compare: false, runA: undefined, runB: undefined, question: null, run: undefined }))}>← All questions</button>
        <h2 className="toolbar-title">Compare runs</h2>
        {picker('runA', runA, 'First run')} <span className="text-soft">vs</span> {picker('runB', runB, 'Second run')}
      </div>
      <p className="compare-note" role="note">
        No aggregate “share of failures due to drift” is computed: the two runs can fail on different questions, so a drop in the
        total of missed passages cannot be read as the share of retrieval failures that were drift — each question’s cause is in its own
        query sequence and evidence trail.
      </p>
      <table className="data compare-table" aria-label="Gold passages found per run">
        <thead>
          <tr><th>Question</th><th>{runLabel(runA)}</th><th>{runLabel(runB)}</th><th>Difference</th></tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.questionId} data-question={row.questionId} className={row.foundOnlyByA.length || row.foundOnlyByB.length ? 'differs' : undefined}>
              <td><div className="mono">{row.questionId}</div><div className="question-text wrap">{row.text ?? '—'}</div></td>
              <GoldCell row={row} side="a" />
              <GoldCell row={row} side="b" />
              <td className="difference">
                {row.foundOnlyByA.length > 0 && <div><strong>{runLabel(runA)}</strong> found {row.foundOnlyByA.join(', ')} that {runLabel(runB)} missed</div>}
                {row.foundOnlyByB.length > 0 && <div><strong>{runLabel(runB)}</strong> found {row.foundOnlyByB.join(', ')} that {runLabel(runA)} missed</div>}
                {!row.foundOnlyByA.length && !row.foundOnlyByB.length && <span className="text-soft">same gold found</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
