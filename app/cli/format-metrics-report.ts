import { pluralize } from '../lib/format';
import type { ReviewCounts } from '../model/annotation/review-report';
import { describeMetric } from '../model/metrics/definitions';
import { BOUNDED_FIGURES, type MetricsReport, type Rate } from '../model/metrics/report';
import type { MetricSettings } from '../model/metrics/settings';
import { judgesLines } from './format-judges';
import { terminalText } from './terminal-text';
import { formatTable } from './text-table';

const FLAGS_SHOWN = 20;
const PAIRS_SHOWN = 20;

/** A rate to 4 decimals, "—" when its denominator was 0. */
const rateCell = (value: Rate) => (value === null ? '—' : value.toFixed(4));

type Section = Record<string, number | Rate>;

/** One `name  value` table of a flat section, labeled from the definitions catalogue. */
function sectionTable(path: string, section: Section, settings: MetricSettings, rates: readonly string[]): string[] {
  const rows = Object.entries(section).map(([key, value]) => [
    describeMetric(`${path}.${key}`, settings)?.label ?? key,
    rates.includes(key) ? rateCell(value) : String(value),
  ]);
  return formatTable(['metric', 'value'], rows, ['left', 'right']);
}

function byRoleTable(header: string[], rows: [string, (string | number)[]][]): string[] {
  return formatTable(['role', ...header], rows.map(([role, cells]) => [role, ...cells.map(String)]), ['left', ...header.map(() => 'right' as const)]);
}

const withOverall = <T,>(overall: T, byRole: Record<string, T>): [string, T][] => [['all', overall], ...Object.entries(byRole)];

/** Agreement per kind, then the annotator pairs with their Cohen's κ (the first PAIRS_SHOWN). */
function agreementLines({ agreement }: MetricsReport): string[] {
  const kinds = Object.entries(agreement);
  const pairs = kinds.flatMap(([kind, k]) => Object.entries(k.pairs).map(([pair, p]) => [kind, pair, String(p.items), rateCell(p.kappa)]));
  const lines = [
    'Annotation agreement (labels naming an annotator, not adjudicated; each annotator\'s latest per item)',
    ...formatTable(
      ['kind', 'items', 'annotators', 'multi', 'disagreements', 'unresolved', 'Fleiss κ'],
      kinds.map(([kind, k]) => [kind, ...[k.items, k.annotators, k.multi, k.disagreements, k.unresolved].map(String), rateCell(k.fleiss_kappa)]),
      ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  ];
  if (pairs.length > 0) lines.push('', ...formatTable(['kind', 'pair', 'shared items', 'Cohen κ'], pairs.slice(0, PAIRS_SHOWN), ['left', 'left', 'right', 'right']));
  if (pairs.length > PAIRS_SHOWN) lines.push(`  … and ${pairs.length - PAIRS_SHOWN} more pairs (--json lists every pair)`);
  return lines;
}

/** The weekly answer review: resolved verdicts of loaded responses, per ISO week of the response. */
function reviewLines({ review }: MetricsReport): string[] {
  const cells = (r: ReviewCounts) => [r.reviewed, r.correct, r.wrong, r.partial, r.unsupported].map(String).concat(rateCell(r.confidently_wrong_rate));
  return [
    `Answer review: ${review.reviewed} reviewed responses, confidently-wrong rate ${rateCell(review.confidently_wrong_rate)}`,
    ...formatTable(
      ['week', 'reviewed', 'correct', 'wrong', 'partial', 'unsupported', 'wrong rate'],
      Object.entries(review.by_week).map(([week, w]) => [week, ...cells(w)]),
      ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  ];
}

/** Judged depth and each bounded figure's range over every labeling of the unlabeled assets among the first K. */
function boundsLines(tier1: MetricsReport['tier1'], settings: MetricSettings): string[] {
  const k = settings.k;
  return [
    `Judged@${k} ${rateCell(tier1.judged_at_k)} (labeled share of the first ${k}, over retrievals that returned something); ` +
      `bounds: unlabeled among the first ${k} not relevant (low) / relevant (high)`,
    ...formatTable(
      ['', ...BOUNDED_FIGURES.map((figure) => describeMetric(`tier1.${figure}`, settings)?.label ?? figure)],
      (['low', 'high'] as const).map((side) => [side, ...BOUNDED_FIGURES.map((figure) => rateCell(tier1.bounds[figure][side]))]),
      ['left', ...BOUNDED_FIGURES.map(() => 'right' as const)],
    ),
  ];
}

/** The report as readable text: each section a small table, the settings in the header. */
export function formatMetricsReport(report: MetricsReport, settings: MetricSettings): string[] {
  const { tier0, tier1, tier2, matrix, tier3, gate, feedback } = report;
  const k = settings.k;
  const filters = [
    settings.surfaces && `surfaces ${settings.surfaces.join(', ')}`,
    settings.roles && `roles ${settings.roles.join(', ')}`,
    settings.retrievers && `retrievers ${settings.retrievers.join(', ')}`,
    settings.runIds && `runs ${settings.runIds.join(', ')}`,
    settings.categories && `categories ${settings.categories.join(', ')}`,
    settings.from !== undefined && `from ${new Date(settings.from).toISOString()}`,
    settings.to !== undefined && `to ${new Date(settings.to).toISOString()}`,
    settings.labels !== undefined && `Tier 1 from the relevance labels of ${settings.labels}`,
  ].filter(Boolean);
  const lines = [
    `${pluralize(report.events, 'event')}, ${pluralize(report.rejected, 'rejected line')}, ${pluralize(report.sessions, 'session')}`,
    `Settings: K = ${k}, Tier 1 threshold = ${settings.tier1Threshold}, used actions = ${settings.usedActions.join(', ')}` +
      (filters.length ? `; ${filters.join('; ')}` : ''),
    '',
    'Tier 0 — routing',
    ...sectionTable('tier0', { ...tier0 }, settings, ['retrieval_invoked_rate', 'misroute_rate', 'missed_retrieval_rate', 'multi_intent_share']),
    '',
    `Tier 1 — the retriever (averages over judged retrievals; empty result rate ${rateCell(tier1.empty_result_rate)}, failed ${tier1.failed})`,
    ...byRoleTable(
      ['retrievals', 'judged', 'P@1', `P@${k}`, `Recall@${k}`, `nDCG@${k}`, 'MRR'],
      withOverall(tier1, tier1.by_role).map(([role, t]) => [
        role,
        [t.retrievals, t.judged, rateCell(t.p_at_1), rateCell(t.p_at_k), rateCell(t.recall_at_k), rateCell(t.ndcg_at_k), rateCell(t.mrr)],
      ]),
    ),
    ...boundsLines(tier1, settings),
    '',
    'Tier 2 — used, and signs of failure (rates over retrievals; 1 − ORF is not satisfaction)',
    ...byRoleTable(
      ['retrievals', 'GPR', 'ACR', 'ORF', 'UOR'],
      withOverall(tier2, tier2.by_role).map(([role, t]) => [role, [t.retrievals, rateCell(t.gpr), rateCell(t.acr), rateCell(t.orf), rateCell(t.uor)]]),
    ),
    '',
    'Tier 1 × Tier 2 matrix (judged retrievals)',
    ...formatTable(
      ['', 'ORF', 'no ORF'],
      [
        ['Tier 1 good', `${matrix.downstream} look downstream`, `${matrix.healthy} healthy`],
        ['Tier 1 bad', `${matrix.visible_failure} visible failure`, `${matrix.masked} MASKED (${matrix.masked_consumed} consumed, ${matrix.masked_silent} silent)`],
      ],
      ['left', 'right', 'right'],
    ),
    '',
    'Tier 3 — goal reached, traced to retrieval',
    ...sectionTable('tier3', { ...tier3 }, settings, []),
    '',
    `Gate: answer ${gate.decisions.answer}, clarify ${gate.decisions.clarify}, handoff ${gate.decisions.handoff}; ${gate.calibration.cases} eval cases`,
    `Feedback: ${feedback.total} (${feedback.down} down, thumbs-down rate ${rateCell(feedback.thumbs_down_rate)})`,
    ...formatTable(
      ['week', 'feedback', 'down', 'rate'],
      Object.entries(feedback.by_week).map(([week, w]) => [week, String(w.total), String(w.down), rateCell(w.rate)]),
      ['left', 'right', 'right', 'right'],
    ),
    '',
    ...agreementLines(report),
    ...judgesLines(report, k),
    '',
    ...reviewLines(report),
    '',
    `Flags: ${report.flags.length}`,
    ...report.flags
      .slice(0, FLAGS_SHOWN)
      .map((flag) => terminalText(`  ${flag.kind} ${flag.retrieval_id ?? flag.question_id ?? ''} (session ${flag.session_id ?? '—'}): ${flag.detail}`)),
  ];
  if (report.flags.length > FLAGS_SHOWN) lines.push(`  … and ${report.flags.length - FLAGS_SHOWN} more (--json lists every flag)`);
  return lines;
}
