import { judgeAgreements, judgesReport, type JudgeAgreement, type JudgeConfusionRow, type JudgeLabelKind, type JudgeReportEntry } from '../../model/annotation/judges';
import { correctedFigures, type CorrectedReport, type CorrectedStatsRow } from '../../model/metrics/judge-corrected';
import type { MetricSettings } from '../../model/metrics/settings';
import { LABEL_KINDS, type LabelKind } from '../../schema/given-label';
import type { Engine } from '../engine';
import { judgeAnnotatorsQuery, judgeConfusionQuery } from '../sql/annotation/judge-agreement';
import { DUCKDB, type SqlDialect } from '../sql/dialect';
import { judgeCorrectedQuery } from '../sql/metrics/judge-corrected';
import type { SqlQuery } from '../sql/core/sql-query';

/**
 * Judges and humans (docs/metrics.md): each non-human annotator against the human consensus (reads
 * the `labels` view only: no settings), and its judge-corrected Tier 1 (reads `retrieval_base`:
 * the derived tables current, the settings' filters and K).
 */
const run = <Row>(engine: Engine, query: SqlQuery) => engine.query<Row>(query.sql, query.params);

/** Only the kinds some judge gave are compared: without judges, no label is resolved again. */
export async function judgeAgreementsIn(engine: Engine, dialect: SqlDialect = DUCKDB): Promise<JudgeAgreement[]> {
  const judgeKinds = await run<JudgeLabelKind>(engine, judgeAnnotatorsQuery());
  const rowsByKind: Partial<Record<LabelKind, JudgeConfusionRow[]>> = {};
  for (const kind of LABEL_KINDS) {
    if (judgeKinds.some((row) => row.kind === kind)) rowsByKind[kind] = await run<JudgeConfusionRow>(engine, judgeConfusionQuery(kind, dialect));
  }
  return judgeAgreements(judgeKinds, rowsByKind);
}

export async function judgeCorrectedIn(engine: Engine, settings: MetricSettings, judge: string, dialect: SqlDialect = DUCKDB): Promise<CorrectedReport> {
  const [row] = await run<CorrectedStatsRow>(engine, judgeCorrectedQuery(settings, judge, dialect));
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
