import { finalizeLoad } from '../app/engine/dataset';
import { updateDerivedTables } from '../app/engine/derived/update-derived-tables';
import type { Engine } from '../app/engine/engine';
import { syncGivenLabels } from '../app/engine/given-labels';
import { ensureDerivedTables } from '../app/engine/metrics-report';
import { run as runQuery } from '../app/engine/sql/core/run';
import { METRIC_TABLES, POST_LOAD_TABLES } from '../app/engine/sql/derived/registry';
import { GIVEN_LABEL_VERSION, type GivenLabel } from '../app/schema/given-label';
import { medianMs, time, type Measurement } from './measure';

const RUNS = 5;

/**
 * What one keypress of an annotator costs once the label is in the journal: applying the journal
 * to the dataset (one label more) and bringing every derived table up to date, as
 * DatasetSession.applyGivenLabels does; and taking the last label back (undo), which deletes a
 * row and so rebuilds what reads labels. Against rebuilding every derived table in the same run.
 */
export async function benchGiveLabel(engine: Engine): Promise<Measurement[]> {
  const every = [...POST_LOAD_TABLES, ...METRIC_TABLES];
  const apply = async (journal: GivenLabel[]) => {
    await syncGivenLabels(engine, journal);
    await finalizeLoad(engine);
    await ensureDerivedTables(engine);
  };
  await ensureDerivedTables(engine);
  const rebuild = await time(() => updateDerivedTables(engine, every, { rebuild: true }));
  const targets = await runQuery(engine,
    `SELECT retrieval_id, returned_asset_ids[1] AS asset_id FROM retrievals WHERE len(returned_asset_ids) > 0 ORDER BY seq DESC LIMIT ${RUNS + 1}`,
    { retrieval_id: 'string', asset_id: 'string' });
  const journal: GivenLabel[] = [];
  let run = 0;
  const giveMs = await medianMs(RUNS, async () => {
    const target = targets[run++];
    journal.push({
      version: GIVEN_LABEL_VERSION, kind: 'relevance', retrieval_id: target.retrieval_id, asset_id: target.asset_id, grade: 2,
      annotator: 'bench-annotator', ts: Date.UTC(2027, 0, 1, 0, run), event_id: `bench-given-${run}`,
    });
    await apply(journal);
  });
  const undo = await time(() => apply(journal.slice(0, -1)));
  const name = 'a label given in the browser: apply the journal and update every derived table (median of 5)';
  return [
    { name, ms: giveMs, baseline: 'rebuild every derived table', baselineMs: rebuild.ms, note: giveMs < 1000 ? 'within the 1 s aim' : 'over the 1 s aim' },
    { name: 'undo of a label given in the browser (a deleted row: label-dependent tables rebuilt)', ms: undo.ms, baseline: 'rebuild every derived table', baselineMs: rebuild.ms },
  ];
}
