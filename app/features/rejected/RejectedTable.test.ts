import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine/engine';
import { finalizeLoad } from '../../engine/dataset';
import { syncGivenLabels } from '../../engine/given-labels';
import { ensureDerivedTables } from '../../engine/metrics-report';
import { REJECTED_LIST_ROW, rejectedListQuery } from '../../engine/sql/rejected';
import { createTestEngine } from '../../engine/sql/metrics/fixtures';
import { loadFiles } from '../../ingest/load-files';
import { LoadState } from '../../ingest/load-state';
import { textInputFile } from '../../ingest/text-input';
import { GIVEN_HERE_FILE } from '../../model/rejected/cells';
import { GIVEN_LABEL_VERSION, type GivenLabel } from '../../schema/given-label';
import { RejectedTable } from './RejectedTable';
import type { RejectedItem } from '../../queries/rejected';
import { run } from '../../engine/sql/core/run';

const engines: Engine[] = [];
afterEach(async () => { await Promise.all(engines.splice(0).map((engine) => engine.close())); });

const render = (rows: RejectedItem[]) =>
  renderToStaticMarkup(createElement(RejectedTable, {
    rows, span: { index: 0, size: 200, total: rows.length }, busy: false, onPage: () => {}, loadRows: async () => rows, downloadRows: rows.length,
  }));

describe('the Rejected rows table', () => {
  it('renders a row whose every field but the kind is null', () => {
    const row: RejectedItem = { severity: 'warning', file_id: null, file: null, line: null, reason: null, field: null, message: null, raw: null };
    const html = render([row]);
    expect(html).toContain('<td class="num">—</td>');
    expect(html).toContain('(empty)');
  });

  it('lists a warning on a label given in this browser, which has no file, as given here', async () => {
    const engine = await createTestEngine();
    engines.push(engine);
    const log = '{"type":"retrieval","retrieval_id":"r1","ts":"2026-01-01T00:00:00Z","session_id":"s1","query":"q","returned_asset_ids":["a1"]}\n';
    await loadFiles(engine, [textInputFile('one.jsonl', log)], new LoadState());
    const label = { kind: 'role', retrieval_id: 'r1', role: 'reference', version: GIVEN_LABEL_VERSION, event_id: 'label-1', annotator: 'tester', ts: Date.UTC(2026, 0, 2) } as GivenLabel;
    expect(await syncGivenLabels(engine, [label])).toMatchObject({ applied: 1 });
    // A label given here that names a retrieval no loaded file defines (as a kept database written
    // before labels were kept per dataset holds them): a reference warning without a file or line.
    await engine.query(`UPDATE events_label SET retrieval_id = 'not-loaded' WHERE file_id = 0`);
    await finalizeLoad(engine);
    await ensureDerivedTables(engine);
    const rows = await run(engine, rejectedListQuery({ severity: 'warning', reason: null, file: null }), REJECTED_LIST_ROW);
    expect(rows).toMatchObject([{ file_id: 0, file: null, line: null, reason: 'unknown_reference', field: 'retrieval_id' }]);
    const html = render(rows.map(({ event: _event, ...row }) => ({ ...row, raw: null })));
    expect(html).toContain(GIVEN_HERE_FILE);
    expect(html).toContain('not-loaded');
  });
});
