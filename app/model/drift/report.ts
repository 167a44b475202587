import type { DriftReport, ReportFlag } from '../metrics/report';
import type { DriftAnalysis } from './analyze';
import type { DriftFlag } from './flags';

/** The report's flag shape: the fields of docs/metrics.md "The report", run_id only when there is one. */
export function toReportFlag(flag: DriftFlag): ReportFlag {
  return {
    kind: flag.kind,
    session_id: flag.session_id,
    ...(flag.retrieval_id ? { retrieval_id: flag.retrieval_id } : {}),
    question_id: flag.question_id,
    ...(flag.subquestion_id ? { subquestion_id: flag.subquestion_id } : {}),
    ...(flag.run_id !== null ? { run_id: flag.run_id } : {}),
    detail: flag.detail,
  };
}

/**
 * The `drift` section of the report: counts of flagged items (retrievals, sub-questions, gold
 * passages, question-runs) summed over question-runs; `missing_evidence` = not asked + unreachable.
 */
export function driftReportOf(analysis: DriftAnalysis): { drift: DriftReport; flags: ReportFlag[] } {
  const sum = (kind: DriftFlag['kind']) => analysis.questionRuns.reduce((total, run) => total + run.flagCounts[kind], 0);
  const drift: DriftReport = {
    questions: analysis.questionRuns.length,
    orphan_query: sum('orphan_query'),
    skipped_active: sum('skipped_active'),
    resolved_without_evidence: sum('resolved_without_evidence'),
    retired_without_reason: sum('retired_without_reason'),
    never_activated: sum('never_activated'),
    entity_drift: sum('entity_drift'),
    missing_evidence: sum('not_asked') + sum('unreachable'),
    not_asked: sum('not_asked'),
    unreachable: sum('unreachable'),
    insufficient_evidence: sum('insufficient_evidence'),
  };
  return { drift, flags: analysis.questionRuns.flatMap((run) => run.flags.map(toReportFlag)) };
}
