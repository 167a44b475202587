// OTLP and Parquet ingest in the browser bench: the same events as the JSON Lines file, written as
// OTLP/JSON traces and as the app's own Parquet export (bench-inputs.mjs), each loaded in a new
// tab (file chosen → "Loaded"), against a worker in the same page that only decodes the file:
// reads and JSON.parses every line of the OTLP file, or decodes every row group of the Parquet
// file with hyparquet and the app's compressors (bench-parquet-floor.worker.mjs).
import { build } from 'esbuild';
import { statSync } from 'node:fs';
import path from 'node:path';
import { addFloorInput, FLOOR_WORKER_SOURCE, runFileWorker } from './bench-page.mjs';

async function parquetFloorSource() {
  const result = await build({
    entryPoints: [path.resolve('scripts/bench-parquet-floor.worker.mjs')], bundle: true, format: 'iife', platform: 'browser',
    target: 'es2022', minify: true, write: false, logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

/** Events stored, as the status line says them ("Loaded 99,999 events from 1 file (0 rejected)"). */
export const storedEvents = (status) => Number(/([\d,]+) events? from/.exec(status)?.[1].replaceAll(',', '') ?? NaN);
export const rejectedRows = (status) => Number(/\(([\d,]+) rejected\)/.exec(status)?.[1].replaceAll(',', '') ?? NaN);

/**
 * Loads `file` in a new tab of a new profile (kept in the browser's storage, the default), then
 * runs the decoding-alone worker on the same file in the same page.
 * `tab`: { launch(profile), base, waitPhase(page, phase), profile() }.
 */
async function loadAgainstDecoding(tab, file, decode) {
  const context = await tab.launch(tab.profile());
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(tab.base);
    await tab.waitPhase(page, 'ready');
    const from = await page.evaluate(() => performance.now());
    await page.getByLabel('Open log files').setInputFiles(file);
    await tab.waitPhase(page, 'loading', 120_000).catch(async () => {
      throw new Error(`the page did not start loading ${path.basename(file)} within 2 min; it shows "${await page.locator('.status-line').innerText()}"`);
    });
    await tab.waitPhase(page, 'ready');
    const ms = (await page.evaluate(() => performance.now())) - from;
    const status = await page.getByTestId('status-line').innerText();
    const spans = await page.getByTestId('status.unmapped-spans').innerText().catch(() => '');
    await page.evaluate(addFloorInput);
    await page.setInputFiles('#bench-floor-input', file);
    const floor = await decode(page);
    return { ms, status, spans: spans.replace(/^\s*·\s*/, ''), floor, bytes: statSync(file).size };
  } finally {
    await context.close();
  }
}

export async function otlpRun(tab, otlp) {
  const run = await loadAgainstDecoding(tab, otlp.file, (page) => page.evaluate(runFileWorker, FLOOR_WORKER_SOURCE));
  return { ...run, generated: otlp };
}

export async function parquetRun(tab, parquet) {
  const source = await parquetFloorSource();
  const run = await loadAgainstDecoding(tab, parquet.file, (page) => page.evaluate(runFileWorker, source));
  return { ...run, generated: parquet };
}

/** A part that failed (a load that never started, a crash): a row that says so, and the run goes on. */
export async function orFailedRow(figure, run) {
  try {
    return { run: await run(), failed: null };
  } catch (error) {
    console.log(`${figure} failed: ${error.message}`);
    return { run: null, failed: { figure, ms: NaN, baseline: '—', baselineMs: NaN, target: '—', met: null, note: `FAILED: ${error.message.split('\n')[0].slice(0, 300)}` } };
  }
}

/** Table rows; `jsonlEvents` is what the JSON Lines load stored, or the file's line count when it did not run: the count each format must give back. */
export function formatRows(otlp, parquet, jsonlEvents) {
  const rows = [];
  const counted = (run, expected) => {
    const stored = storedEvents(run.status);
    return `${stored.toLocaleString('en-US')} events stored${stored === expected ? ' (as from the JSONL file)' : `, from the JSONL file ${expected.toLocaleString('en-US')}: DIFFERENT`}, ${rejectedRows(run.status)} rejected`;
  };
  const rate = (run) => `${(run.bytes / 1e6 / (run.ms / 1000)).toFixed(1)} MB/s of ${(run.bytes / 1e6).toFixed(1)} MB`;
  if (otlp) {
    rows.push({
      figure: `OTLP ingest ${path.basename(otlp.generated.file)} (file chosen → Loaded)`, ms: otlp.ms,
      baseline: 'decoding alone: worker in the page reads + JSON.parses every OTLP document', baselineMs: otlp.floor.ms, target: '—', met: null,
      note: `${counted(otlp, jsonlEvents)}${otlp.spans ? `, ${otlp.spans}` : ''}; ${rate(otlp)}; ${otlp.generated.documents.toLocaleString('en-US')} trace documents (one a session)`,
    });
  }
  if (parquet) {
    rows.push({
      figure: `Parquet ingest ${path.relative('.bench', parquet.generated.file)} (file chosen → Loaded)`, ms: parquet.ms,
      baseline: 'decoding alone: worker in the page decodes every row group with hyparquet + hyparquet-compressors', baselineMs: parquet.floor.ms, target: '—', met: null,
      note: `${counted(parquet, jsonlEvents)}; ${rate(parquet)}; ${parquet.floor.rows.toLocaleString('en-US')} rows in ${parquet.floor.rowGroups} row groups; made by export --parquet`,
    });
  }
  return rows;
}
