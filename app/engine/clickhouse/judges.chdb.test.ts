import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_METRIC_SETTINGS } from '../../model/metrics/settings';
import type { Engine } from '../engine';
import { JUDGES_FIXTURE, REFERENCE } from '../judges/judges-reference';
import type { ClickHouseEngine } from './clickhouse-engine';
import { CHDB_SKIP_MESSAGE, CHDB_TESTS_ENABLED } from './load-chdb';
import { clickhouseReport } from './report';
import { loadedOnBothEngines } from './test-inputs';

/** The `judges` key and `--labels human` of the report on ClickHouse, over the generated log of engine/judges/ (its independent reference). */
describe.skipIf(!CHDB_TESTS_ENABLED)(`judges on ClickHouse${CHDB_TESTS_ENABLED ? '' : ` (${CHDB_SKIP_MESSAGE})`}`, () => {
  let duck: Engine;
  let house: ClickHouseEngine;
  beforeAll(async () => {
    ({ duck, house } = await loadedOnBothEngines([fileURLToPath(JUDGES_FIXTURE)]));
  }, 180_000);
  afterAll(async () => {
    await house?.close();
    await duck?.close();
  });

  it('κ and the judge-corrected Tier 1 as the reference computes them; Tier 1 from human labels', async () => {
    const report = await clickhouseReport(house, { ...DEFAULT_METRIC_SETTINGS, k: 5 });
    const judge = report.judges!['gpt-judge'];
    expect(judge.relevance!.items).toBe(REFERENCE.items);
    expect(judge.relevance!.kappa).toBeCloseTo(REFERENCE.kappa, 12);
    expect(judge.relevance!.kappa_binary).toBeCloseTo(REFERENCE.kappa_binary, 12);
    for (const [figure, expected] of Object.entries(REFERENCE.corrected)) {
      const actual = judge.corrected[figure as keyof typeof judge.corrected]!;
      for (const [key, value] of Object.entries(expected)) expect(actual[key as keyof typeof actual], `${figure}.${key}`).toBeCloseTo(value, 9);
    }
    const human = await clickhouseReport(house, { ...DEFAULT_METRIC_SETTINGS, k: 5, labels: 'human' }, { tablesBuilt: true });
    expect(human.tier1.judged).toBe(REFERENCE.tier1_human_judged);
    expect(human.tier1.ndcg_at_k).toBeCloseTo(REFERENCE.tier1_human.ndcg_at_k, 12);
  }, 180_000);
});
