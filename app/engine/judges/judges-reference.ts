/**
 * A generated log with a biased, noisy LLM judge (`gpt-judge`) and human labels on a random
 * sample of its retrievals (judges.fixture.jsonl), and what docs/metrics.md "Judges and humans" gives
 * on it at K = 5, as printed by `python3 judges-reference.py compute judges.fixture.jsonl` (an
 * independent computation, standard library only, next to this file). Read by the unit test and
 * the browser spec (e2e/judges.spec.ts).
 */
export const JUDGES_FIXTURE = new URL('./judges.fixture.jsonl', import.meta.url);

export const REFERENCE = {
  items: 125, kappa: 0.46319018404907975, kappa_binary: 0.5422535211267606,
  by_role: { find: { items: 40, kappa: 0.39285714285714285 }, reference: { items: 60, kappa: 0.5218216318785579 }, browse: { items: 25, kappa: 0.4086021505376345 } },
  corrected: {
    p_at_1: { estimate: 0.625, ci_low: 0.43262937046679995, ci_high: 0.8173706295332, human_only: 0.68, human_ci_low: 0.49337409828639256, human_ci_high: 0.8666259017136075, judge_only: 0.625, j: 80, h: 25 },
    p_at_k: { estimate: 0.6095, ci_low: 0.5247635012874883, ci_high: 0.6942364987125118, human_only: 0.6, human_ci_low: 0.5066870491431963, human_ci_high: 0.6933129508568037, judge_only: 0.7375, j: 80, h: 25 },
    ndcg_at_k: { estimate: 0.7104311670573193, ci_low: 0.6092073824264624, ci_high: 0.8116549516881763, human_only: 0.7227079162856083, human_ci_low: 0.6320356697742447, human_ci_high: 0.8133801627969718, judge_only: 0.8020858888696858, j: 80, h: 25 },
    mrr: { estimate: 0.7808333333333334, ci_low: 0.653008009067189, ci_high: 0.9086586575994777, human_only: 0.8133333333333334, human_ci_low: 0.6981188612445345, human_ci_high: 0.9285478054221322, judge_only: 0.7941666666666667, j: 80, h: 25 },
  },
  tier1_human: { p_at_1: 0.68, p_at_k: 0.6, ndcg_at_k: 0.7227079162856083, mrr: 0.8133333333333334 },
  tier1_human_judged: 25,
};
