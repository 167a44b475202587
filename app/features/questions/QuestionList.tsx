import type { QuestionRunAnalysis } from '../../model/drift/analyze';
import { DRIFT_FLAGS, type DriftFlagKind } from '../../model/drift/flags';
import { runLabel } from '../../model/drift/format-time';
import { Link } from '../../components/Link';
import { TableDownload } from '../../components/TableDownload';
import type { ExportColumn } from '../../lib/table-export';
import { questionsUrl } from '../../links/questions';

const FLAG_COLUMNS: { kind: DriftFlagKind; short: string }[] = [
  { kind: 'orphan_query', short: 'Orphan' },
  { kind: 'entity_drift', short: 'Entity' },
  { kind: 'skipped_active', short: 'Skipped' },
  { kind: 'resolved_without_evidence', short: 'No evid.' },
  { kind: 'retired_without_reason', short: 'No reason' },
  { kind: 'never_activated', short: 'Never act.' },
  { kind: 'insufficient_evidence', short: 'Insuff.' },
];

const goldFound = (row: QuestionRunAnalysis) => row.gold.filter((g) => g.status === 'found').length;

/**
 * The table's columns as a download writes them, under the same headers: the question cell as its id and its text, counts
 * as numbers (a "·" on screen is 0), gold found as shown ("2/3"; empty without gold ids).
 */
const COLUMNS: readonly ExportColumn<QuestionRunAnalysis>[] = [
  { header: 'Question', value: (row) => row.questionId },
  { header: 'Question text', value: (row) => row.definition?.text ?? 'no question event' },
  { header: 'Run', value: (row) => runLabel(row.runId) },
  { header: 'Answered', value: (row) => (row.sufficiency.answered ? 'answered' : 'no answer') },
  ...FLAG_COLUMNS.map(({ kind, short }): ExportColumn<QuestionRunAnalysis> => ({ header: short, value: (row) => row.flagCounts[kind] })),
  { header: 'Gold found', value: (row) => (row.goldIds ? `${goldFound(row)}/${row.gold.length}` : null) },
  { header: 'Not asked', value: (row) => row.flagCounts.not_asked },
  { header: 'Unreach.', value: (row) => row.flagCounts.unreachable },
];

function Count({ n, tone }: { n: number; tone: 'bad' | 'warn' | 'plain' }) {
  return n > 0 ? <span className={`count-pill ${tone}`} data-value={n}>{n}</span> : <span className="count-zero" data-value={0}>·</span>;
}

/** One row per question-run: answered or not, each drift flag's count, gold found / not asked / unreachable. */
export function QuestionList({ rows }: { rows: QuestionRunAnalysis[] }) {
  if (rows.length === 0) return <div className="empty-state">No question-run matches these filters.</div>;
  return (
    <>
      <div className="table-bar">
        <TableDownload name="question-runs" columns={COLUMNS} rows={rows} />
      </div>
      <div className="question-table-wrap">
        <table className="data question-table" aria-label="Question runs">
          <thead>
            <tr>
              <th>Question</th>
              <th>Run</th>
              <th>Answered</th>
              {FLAG_COLUMNS.map((c) => <th key={c.kind} className="num" title={`${DRIFT_FLAGS[c.kind].label}: ${DRIFT_FLAGS[c.kind].rule}`}>{c.short}</th>)}
              <th className="num gold-col" title="Gold passages this run returned">Gold found</th>
              <th className="num" title={DRIFT_FLAGS.not_asked.rule}>Not asked</th>
              <th className="num" title={DRIFT_FLAGS.unreachable.rule}>Unreach.</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const found = goldFound(row);
              return (
                <tr key={row.key} data-question={row.questionId} data-run={runLabel(row.runId)}>
                  <td>
                    <div className="question-cell">
                      <Link className="mono" href={questionsUrl.href({ question: row.questionId, run: row.runId })}>{row.questionId}</Link>
                      <span className="question-text" title={row.definition?.text ?? undefined}>{row.definition?.text ?? 'no question event'}</span>
                    </div>
                  </td>
                  <td className="mono">{runLabel(row.runId)}</td>
                  <td>{row.sufficiency.answered ? <span className="answered yes">answered</span> : <span className="answered no">no answer</span>}</td>
                  {FLAG_COLUMNS.map((c) => <td key={c.kind} className="num"><Count n={row.flagCounts[c.kind]} tone="bad" /></td>)}
                  <td className="num gold-col">{row.goldIds ? <span data-value={found}>{found}/{row.gold.length}</span> : <span className="text-soft" title="No gold_evidence_ids">—</span>}</td>
                  <td className="num"><Count n={row.flagCounts.not_asked} tone="warn" /></td>
                  <td className="num"><Count n={row.flagCounts.unreachable} tone="plain" /></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
