import { LABEL_KINDS } from '../../schema/given-label';
import { ACTION_RULES } from './action-rules';
import { CORRECTED_FIGURES } from './judge-corrected';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from './settings';

/** What a number in the report means (docs/metrics.md), for tooltips and the report's legend. */
export interface MetricDefinition {
  label: string;
  /** How it is computed. */
  formula: string;
  /** What is counted: which events, which choices. */
  counts: string;
  /** What it is divided by (null for counts); a zero denominator gives null, shown as "—". */
  denominator: string | null;
}

const count = (label: string, counts: string): MetricDefinition => ({ label, formula: `number of ${counts}`, counts, denominator: null });
const ratio = (label: string, formula: string, counts: string, denominator: string): MetricDefinition => ({ label, formula, counts, denominator });
/** A number that is neither a count nor a ratio (a threshold, a setting): what it is, said once. */
const value = (label: string, what: string): MetricDefinition => ({ label, formula: what, counts: what, denominator: null });

const JUDGED = 'judged retrievals (at least one resolved relevance label), empty and failed ones included and scored 0';
const RELEVANT = 'relevant = resolved grade ≥ 1; unjudged returned assets are not relevant; a repeated asset counts at its first rank';
const ALL_RETRIEVALS = 'retrievals kept by the filters';
const ROLE_NOTE = ' Only retrievals whose effective role (resolved role label, else the logged role, else "unknown") is this one.';

const TIER1_SCORES: Record<string, MetricDefinition> = {
  p_at_1: ratio('P@1', 'mean over judged retrievals of (relevant at rank 1) / 1', RELEVANT, JUDGED),
  p_at_k: ratio('P@{k}', 'mean of (relevant among the first {k}) / {k}, divided by {k} even when fewer were returned', RELEVANT, JUDGED),
  recall_at_k: ratio('Recall@{k}', 'mean of (relevant among the first {k}) / R, 0 when R = 0; R = relevant judged assets, returned or not', RELEVANT, JUDGED),
  ndcg_at_k: ratio('nDCG@{k}', 'mean of DCG@{k} / IDCG@{k}; DCG = Σ_{i≤{k}} grade(i) / log2(i + 1); IDCG from the judged grades sorted descending; 0 when IDCG = 0', 'graded gains = resolved grades (trec_eval ndcg_cut)', JUDGED),
  mrr: ratio('MRR', 'mean of 1 / rank of the first relevant returned asset, 0 when none', RELEVANT, JUDGED),
};

const TIER2_RATES: Record<string, MetricDefinition> = {
  retrievals: count('Retrievals', ALL_RETRIEVALS),
  gpr: ratio('GPR (genuine positive)', 'retrievals with a user action in the used set / retrievals', 'user actions whose source_retrieval_id (given or inherited through place) is the retrieval; used set: {used_actions}', ALL_RETRIEVALS),
  acr: ratio('ACR (agent consumption)', 'retrievals with an agent action in the same request / retrievals', 'agent actions whose (given or inherited) source is the retrieval and whose request_id is the retrieval\'s', ALL_RETRIEVALS),
  orf: ratio('ORF (observable retrieval failure)', 'retrievals with any failure signal / retrievals', 'a user complain/reject of it or a down feedback naming it; a later retrieval with rewrite_of = it; an agent use/place in its request of an asset it did not return, with no source. User edit/regenerate is not ORF. 1 − ORF is not satisfaction', ALL_RETRIEVALS),
  uor: ratio('UOR (unobserved)', 'retrievals with none of GPR, ACR, ORF / retrievals', 'retrievals nobody visibly used or rejected', ALL_RETRIEVALS),
};

const UNLABELED = 'unlabeled = a returned asset among the first {k} with no resolved relevance label';
const BOUNDED = ['p_at_1', 'p_at_k', 'ndcg_at_k', 'mrr'] as const;
const TIER1_BOUNDS: Record<string, MetricDefinition> = Object.fromEntries(BOUNDED.flatMap((figure) => {
  const { label } = TIER1_SCORES[figure];
  return [
    [`${figure}.low`, ratio(`${label}, low bound`, `${label} as defined: every unlabeled asset not relevant`, UNLABELED, JUDGED)],
    [`${figure}.high`, ratio(`${label}, high bound`, `${label} with every unlabeled asset among the first {k} relevant at grade 1 (in IDCG too)`, UNLABELED, JUDGED)],
  ];
}));

const perRole = (definitions: Record<string, MetricDefinition>) =>
  Object.fromEntries(Object.entries(definitions).map(([key, d]) => [key, { ...d, label: `${d.label} (role)`, counts: d.counts + ROLE_NOTE }]));

const calibration = {
  cases: count('Eval cases', 'eval_case events'),
  f1_threshold: value('F1-optimal threshold', 'the top-1 score threshold with the best F1 (answer = positive; ties to the higher)'),
  recommended_threshold: value('Recommended threshold', 'the F1-optimal threshold + 0.05'),
};

const DRIFT_COUNTS: Record<string, string> = {
  questions: '(question_id, run_id) pairs',
  orphan_query: 'retrievals of a question with no sub-question, or whose sub-question was not active at the retrieval\'s ts',
  skipped_active: 'sub-questions that went pending → resolved without being active',
  resolved_without_evidence: 'resolved sub-question states with no evidence_ids (a note only)',
  retired_without_reason: 'retired sub-question states with no reason',
  never_activated: 'sub-questions whose last state is pending',
  entity_drift: 'retrievals whose query names an entity of neither the question nor its sub-questions',
  missing_evidence: 'gold passages never returned by any retrieval of the question',
  not_asked: 'missing gold passages that another run or query did return (search drift)',
  unreachable: 'missing gold passages no loaded retrieval returned so far',
  insufficient_evidence: 'answered questions (per run) whose resolved sub-questions lack evidence or gold evidence',
};

/** docs/metrics.md, "Judges and humans": one non-human annotator against the human consensus. */
const JUDGE_ITEMS = 'items the judge labeled (its latest label) that have a human consensus (the resolution over human labels alone)';
const JUDGE: Record<string, MetricDefinition> = {
  items: count('Items', JUDGE_ITEMS),
  kappa: ratio('Cohen\'s κ with the humans', '(p_o − p_e) / (1 − p_e) between the judge and the human consensus, values unweighted. 1 = perfect agreement, 0 = chance level, below 0 = worse', JUDGE_ITEMS, '1 − p_e'),
  kappa_binary: ratio('Binary κ with the humans', 'Cohen\'s κ on relevant (grade ≥ 1) or not, between the judge and the human consensus', JUDGE_ITEMS, '1 − p_e'),
};

const J_AND_H = 'J: the retrievals the judge labeled (scored from its labels alone); H: those of J that humans labeled (scored from human labels alone)';
const CORRECTED: Record<string, MetricDefinition> = {
  estimate: value('Judge-corrected', `mean over J of the judge's figure + mean over H of (human − judge); valid when H is a random sample of J. ${J_AND_H}`),
  ci_low: value('Judge-corrected, 95% low', 'estimate − 1.959964 · sqrt(var_J(judge)/|J| + var_H(human − judge)/|H|)'),
  ci_high: value('Judge-corrected, 95% high', 'estimate + 1.959964 · sqrt(var_J(judge)/|J| + var_H(human − judge)/|H|)'),
  human_only: value('Human only', `mean over H of the figure from human labels. ${J_AND_H}`),
  human_ci_low: value('Human only, 95% low', 'human only − 1.959964 · sd_H/√|H|'),
  human_ci_high: value('Human only, 95% high', 'human only + 1.959964 · sd_H/√|H|'),
  judge_only: value('Judge only', `mean over J of the figure from the judge's labels. ${J_AND_H}`),
  j: count('|J|', 'retrievals the judge labeled'),
  h: count('|H|', 'retrievals the judge labeled that humans labeled too'),
};

const AGREEMENT_VOTES = 'labels that name an annotator and are not adjudicated, each annotator\'s latest per item';
const AGREEMENT: Record<string, MetricDefinition> = {
  items: count('Items', `items with at least one vote (${AGREEMENT_VOTES})`),
  annotators: count('Annotators', 'annotators with at least one vote'),
  multi: count('Multi-annotated', 'items voted on by two or more annotators'),
  disagreements: count('Disagreements', 'multi-annotated items whose values are not all equal'),
  unresolved: count('Unresolved', 'disagreements with no adjudicated label'),
  fleiss_kappa: ratio('Fleiss\' κ', '(P̄ − P_e) / (1 − P_e), P_i = Σ_j n_ij(n_ij − 1) / (n_i(n_i − 1)), P̄ their mean, P_e = Σ_j p_j²; only with 3+ annotators. 1 = perfect agreement, 0 = chance level, below 0 = worse', 'multi-annotated items, the number of raters varying per item', '1 − P_e'),
  'pairs.*.items': count('Shared items', 'items both annotators voted on'),
  'pairs.*.kappa': ratio('Cohen\'s κ', '(p_o − p_e) / (1 − p_e), p_e from each annotator\'s own category shares. 1 = perfect agreement, 0 = chance level, below 0 = worse', 'the items both annotators voted on, values unweighted', '1 − p_e'),
};

const REVIEW_COUNTS: Record<string, MetricDefinition> = {
  reviewed: count('Reviewed', 'responses with a resolved answer_review verdict'),
  correct: count('Correct', 'reviewed responses resolved correct'),
  wrong: count('Wrong', 'reviewed responses resolved wrong'),
  partial: count('Partial', 'reviewed responses resolved partial'),
  unsupported: count('Unsupported', 'reviewed responses resolved unsupported'),
  confidently_wrong_rate: ratio('Confidently wrong', 'wrong / reviewed', 'responses with a resolved answer_review verdict', 'reviewed responses'),
};

/** Definitions by report key path; `*` stands for a role, an ISO week or a category. */
export const METRIC_DEFINITIONS: Record<string, MetricDefinition> = {
  events: count('Events', 'stored events in every loaded file'),
  rejected: count('Rejected lines', 'input lines not stored (invalid JSON, unknown type, missing field, …)'),
  sessions: count('Sessions', 'distinct session_id values'),
  'tier0.prompts': count('Prompts', 'prompt events kept by the filters'),
  'tier0.retrieval_invoked_rate': ratio('Retrieval invoked', 'prompts with a retrieval in the same turn / prompts', 'a retrieval with the prompt\'s turn_id', 'prompts'),
  'tier0.misroute_rate': ratio('Misroute', 'prompts that invoked retrieval with intent label retrieval_intent = false / prompts that invoked retrieval and have an intent label', 'resolved intent labels', 'prompts that invoked retrieval and carry an intent label'),
  'tier0.missed_retrieval_rate': ratio('Missed retrieval', 'prompts labeled retrieval_intent = true with no retrieval / prompts labeled retrieval_intent = true', 'resolved intent labels', 'prompts labeled retrieval_intent = true'),
  'tier0.multi_intent_share': ratio('Multi-intent', 'labeled prompts with 2+ intents / labeled prompts', 'resolved intent labels', 'prompts with an intent label'),
  'tier0.search_rewrites': count('Search rewrites', 'prompts with rewrite_of whose rephrased turn had a retrieval'),
  'tier0.downstream_corrections': count('Downstream corrections', 'prompts with rewrite_of whose rephrased turn had no retrieval'),
  'tier0.downstream_edits': count('Downstream edits', 'user edit and regenerate actions'),
  'tier1.k': value('K', 'the rank cutoff of P@k, recall@k and nDCG@k (setting, now {k})'),
  'tier1.retrievals': count('Retrievals', ALL_RETRIEVALS),
  'tier1.empty_result_rate': ratio('Empty results', 'retrievals with an empty returned_asset_ids / retrievals', 'all retrievals, judged or not; a failed retrieval is never empty', ALL_RETRIEVALS),
  'tier1.failed': count('Failed', 'failed retrievals: the retriever raised (an error, nothing returned); still retrievals, never empty results, scored 0 when judged'),
  'tier1.judged': count('Judged', 'retrievals targeted by at least one relevance label (directly or through their exact query)'),
  ...prefixed('tier1', TIER1_SCORES),
  'tier1.judged_at_k': ratio('Judged@{k}', 'mean of (labeled among the first min({k}, n) distinct returned assets) / min({k}, n)', 'a resolved relevance label of any grade, 0 included', 'retrievals that returned something (n ≥ 1), judged or not'),
  ...prefixed('tier1.bounds', TIER1_BOUNDS),
  ...prefixed('tier1.by_role.*', perRole({ retrievals: count('Retrievals', ALL_RETRIEVALS), judged: count('Judged', 'judged retrievals'), ...TIER1_SCORES })),
  // the Metrics role table's column: docs/metrics.md's by_role keys leave judged@k out of the report
  'tier1.by_role.*.judged_at_k': ratio('Judged@{k} (role)', 'mean of (labeled among the first min({k}, n) distinct returned assets) / min({k}, n)', 'a resolved relevance label of any grade, 0 included', "the role's retrievals that returned something (n ≥ 1), judged or not"),
  ...prefixed('tier2', TIER2_RATES),
  ...prefixed('tier2.by_role.*', perRole(TIER2_RATES)),
  'matrix.healthy': count('Healthy', 'judged retrievals, Tier 1 good, no ORF'),
  'matrix.downstream': count('Look downstream', 'judged retrievals, Tier 1 good, with ORF (generation or tool)'),
  'matrix.visible_failure': count('Visible failure', 'judged retrievals, Tier 1 bad, with ORF'),
  'matrix.masked': count('Masked failure', 'judged retrievals, Tier 1 bad (empty, P@1 = 0 or nDCG@{k} < {threshold}), no ORF'),
  'matrix.masked_consumed': count('Masked, consumed', 'masked failures whose bad result was used (GPR or ACR)'),
  'matrix.masked_silent': count('Masked, silent', 'masked failures without GPR or ACR'),
  'tier3.completions': count('Completions', `user ${ACTION_RULES.completion.actions.join(', ')} actions`),
  'tier3.attributed_by_lineage': count('Attributed by lineage', 'completions whose given or inherited source_retrieval_id names a known retrieval'),
  'tier3.cross_session': count('Cross-session', 'attributed completions whose retrieval is in another session'),
  'tier3.abandoned_by_session': count('Abandoned (by session)', 'sessions with a retrieval and no completion in the same session'),
  'tier3.abandoned_by_lineage': count('Abandoned (by lineage)', 'sessions with a retrieval and no completion in the same session, none of whose retrievals leads through lineage to a completion anywhere'),
  ...Object.fromEntries(Object.entries(DRIFT_COUNTS).map(([key, counts]) => [`drift.${key}`, count(key.replaceAll('_', ' '), counts)])),
  'gate.decisions.answer': count('Answer', 'gate events with decision answer'),
  'gate.decisions.clarify': count('Clarify', 'gate events with decision clarify'),
  'gate.decisions.handoff': count('Handoff', 'gate events with decision handoff'),
  ...prefixed('gate.calibration', calibration),
  ...prefixed('gate.calibration.by_category.*', calibration),
  'feedback.total': count('Feedback', 'feedback events'),
  'feedback.down': count('Thumbs down', 'feedback events with rating down'),
  'feedback.thumbs_down_rate': ratio('Thumbs-down rate', 'down / all feedback', 'feedback events', 'feedback events'),
  'feedback.by_week.*.total': count('Feedback (week)', 'feedback events in the ISO week'),
  'feedback.by_week.*.down': count('Thumbs down (week)', 'down feedback in the ISO week'),
  'feedback.by_week.*.rate': ratio('Thumbs-down rate (week)', 'down / all feedback in the ISO week; above 15% raises an alarm', 'feedback events', 'feedback events in the week'),
  ...Object.fromEntries(LABEL_KINDS.flatMap((kind) => Object.entries(prefixed(`agreement.${kind}`, AGREEMENT)))),
  ...prefixed('review', REVIEW_COUNTS),
  ...prefixed('review.by_week.*', REVIEW_COUNTS),
  ...Object.fromEntries(LABEL_KINDS.flatMap((kind) => Object.entries(prefixed(`judges.*.${kind}`, JUDGE)))),
  ...Object.fromEntries(CORRECTED_FIGURES.flatMap((figure) => Object.entries(prefixed(`judges.*.corrected.${figure}`, CORRECTED)))),
  flags: count('Flags', 'flagged items: masked retrieval failures and drift findings'),
};

function prefixed(prefix: string, definitions: Record<string, MetricDefinition>): Record<string, MetricDefinition> {
  return Object.fromEntries(Object.entries(definitions).map(([key, definition]) => [`${prefix}.${key}`, definition]));
}

const DYNAMIC_SEGMENT = /\b(by_role|by_week|by_category)\.[^.]+/g;
/** An annotator pair's key may hold dots (names are free text): everything up to the last segment. */
const PAIR_SEGMENT = /\.pairs\..+\.(items|kappa)$/;
/** A judge's name may hold dots too. */
const JUDGE_SEGMENT = /^judges\..+\.((relevance|role|intent|answer_review)\.(items|kappa|kappa_binary)|corrected\.[a-z_1]+\.[a-z_]+)$/;

/** The definition of a report key path (e.g. `tier2.by_role.find.orf`), with the settings filled in. */
export function describeMetric(path: string, settings: MetricSettings = DEFAULT_METRIC_SETTINGS): MetricDefinition | null {
  const definition = METRIC_DEFINITIONS[path.replace(JUDGE_SEGMENT, 'judges.*.$1').replace(PAIR_SEGMENT, '.pairs.*.$1').replace(DYNAMIC_SEGMENT, '$1.*')];
  if (!definition) return null;
  const fill = (text: string) =>
    text
      .replaceAll('{k}', String(settings.k))
      .replaceAll('{threshold}', String(settings.tier1Threshold))
      .replaceAll('{used_actions}', settings.usedActions.join(', '));
  return {
    label: fill(definition.label),
    formula: fill(definition.formula),
    counts: fill(definition.counts),
    denominator: definition.denominator === null ? null : fill(definition.denominator),
  };
}
