import { judgeAgreements, judgesReport, type JudgeAgreement, type JudgeConfusionRow, type JudgeReportEntry } from '../../model/annotation/judges';
import { correctedFigures, type CorrectedReport } from '../../model/metrics/judge-corrected';
import type { MetricSettings } from '../../model/metrics/settings';
import { LABEL_KINDS, type LabelKind } from '../../schema/given-label';
import type { Engine } from '../engine';
import { JUDGE_CONFUSION_ROW, JUDGE_LABEL_KIND_ROW, judgeAnnotatorsQuery, judgeConfusionQuery } from '../sql/annotation/judge-agreement';
import { DUCKDB, type SqlDialect } from '../sql/dialect';
import { CORRECTED_STATS_ROW, judgeCorrectedQuery } from '../sql/metrics/judge-corrected';
import { run } from '../sql/core/run';

/**
 * Judges and humans (docs/metrics.md): each non-human annotator against the human consensus (reads
 * the `labels` view only: no settings), and its judge-corrected Tier 1 (reads `retrieval_base`:
 * the derived tables current, the settings' filters and K).
 */
/** Only the kinds some judge gave are compared: without judges, no label is resolved again. */
export async function judgeAgreementsIn(engine: Engine, dialect: SqlDialect = DUCKDB): Promise<JudgeAgreement[]> {
  const judgeKinds = await run(engine, judgeAnnotatorsQuery(), JUDGE_LABEL_KIND_ROW);
  const rowsByKind: Partial<Record<LabelKind, JudgeConfusionRow[]>> = {};
  for (const kind of LABEL_KINDS) {
    if (judgeKinds.some((row) => row.kind === kind)) rowsByKind[kind] = await run(engine, judgeConfusionQuery(kind, dialect), JUDGE_CONFUSION_ROW);
  }
  return judgeAgreements(judgeKinds, rowsByKind);
}

export async function judgeCorrectedIn(engine: Engine, settings: MetricSettings, judge: string, dialect: SqlDialect = DUCKDB): Promise<CorrectedReport> {
  const [row] = await run(engine, judgeCorrectedQuery(settings, judge, dialect), CORRECTED_STATS_ROW);
  return row ? correctedFigures(row) : {};
}

/** The report's `judges`: null when no non-human annotator's label is loaded. */
export async function judgesReportIn(engine: Engine, settings: MetricSettings, judges: readonly JudgeAgreement[], dialect: SqlDialect = DUCKDB): Promise<Record<string, JudgeReportEntry> | null> {
  if (judges.length === 0) return null;
  const corrected = new Map<string, CorrectedReport>();
  for (const judge of judges) {
    if (judge.kinds.relevance && !corrected.has(judge.annotator)) corrected.set(judge.annotator, await judgeCorrectedIn(engine, settings, judge.annotator, dialect));
  }
  return judgesReport(judges, corrected);
}
