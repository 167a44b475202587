import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JUDGES_FIXTURE, REFERENCE } from '../engine/judges/judges-reference';
import { runCli } from './run-in-process';

/** `report --json` on the generated log with an LLM judge (app/engine/judges/): the `judges` key and `--labels`. */
const logs = fileURLToPath(JUDGES_FIXTURE);

describe('retrieval-inspector report with judges', () => {
  it('--json has the judges key of docs/metrics.md, with the values of the independent computation', { timeout: 120_000 }, async () => {
    const { code, out } = await runCli(['report', '--json', '--k', '5', logs]);
    expect(code).toBe(0);
    const { judges } = JSON.parse(out.join('\n'));
    expect(Object.keys(judges)).toEqual(['gpt-judge']);
    expect(Object.keys(judges['gpt-judge']).sort()).toEqual(['corrected', 'relevance']);
    expect(Object.keys(judges['gpt-judge'].relevance).sort()).toEqual(['items', 'kappa', 'kappa_binary']);
    expect(judges['gpt-judge'].relevance.kappa_binary).toBeCloseTo(REFERENCE.kappa_binary, 12);
    const corrected = judges['gpt-judge'].corrected;
    expect(Object.keys(corrected).sort()).toEqual(['mrr', 'ndcg_at_k', 'p_at_1', 'p_at_k']);
    expect(Object.keys(corrected.p_at_k).sort()).toEqual(Object.keys(REFERENCE.corrected.p_at_k).sort());
    expect(corrected.ndcg_at_k.estimate).toBeCloseTo(REFERENCE.corrected.ndcg_at_k.estimate, 12);
  });

  it('--labels human computes Tier 1 from the human labels alone; a blank source is refused', { timeout: 120_000 }, async () => {
    const human = JSON.parse((await runCli(['report', '--json', '--k', '5', '--labels', 'human', logs])).out.join('\n'));
    expect(human.tier1.judged).toBe(REFERENCE.tier1_human_judged);
    expect(human.tier1.ndcg_at_k).toBeCloseTo(REFERENCE.tier1_human.ndcg_at_k, 12);
    const blank = await runCli(['report', '--labels', ' ', logs]);
    expect(blank.code).toBe(2);
    expect(blank.err.join('\n')).toContain('labels must be all, human or an annotator');
  });
});
