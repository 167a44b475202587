// The tiny-files part of `npm run bench` (BENCH_PARTS=tinyfiles): BENCH_TINY_FILES files of a few
// JSON Lines events each (default 10,000 files × 3 events), chosen at once in the file picker,
// against the same events in one file, each load in a new tab. Target (issue 25): ≤ 10 s.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { storedEvents } from './bench-floors.mjs';
import { SAMPLE_LOG_GENERATOR } from './sample-log-generator.mjs';

export const TINY_FILES_TARGET_MS = 10_000;
const EVENTS_PER_FILE = 3;

/** `.bench/tiny-N/` (N files) and `.bench/tiny-N.together.jsonl` (their lines in one file), made once. */
export function tinyFiles(count = Number(process.env.BENCH_TINY_FILES ?? 10_000)) {
  const dir = path.resolve('.bench', `tiny-${count}`);
  const together = path.resolve('.bench', `tiny-${count}.together.jsonl`);
  if (!existsSync(dir)) {
    const source = path.resolve('.bench', `tiny-${count}.source.jsonl`);
    execFileSync(process.execPath, [SAMPLE_LOG_GENERATOR, '--events', String(count * EVENTS_PER_FILE), '--out', source], { stdio: 'ignore' });
    const lines = readFileSync(source, 'utf8').split('\n').filter((line) => line.trim() !== '');
    rmSync(source);
    const partial = `${dir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    const perFile = Math.ceil(lines.length / count);
    for (let i = 0; i < count; i++) {
      writeFileSync(path.join(partial, `part-${String(i).padStart(5, '0')}.jsonl`), `${lines.slice(i * perFile, (i + 1) * perFile).join('\n')}\n`);
    }
    writeFileSync(together, `${lines.join('\n')}\n`);
    renameSync(partial, dir);
  }
  const files = readdirSync(dir).sort().map((name) => path.join(dir, name));
  return { files, together, events: readFileSync(together, 'utf8').split('\n').filter((line) => line.trim() !== '').length };
}

/** One load in a new tab: files chosen → "Loaded", with the status line and how long the page stayed unresponsive at most. */
async function timedLoad(tab, files) {
  const context = await tab.launch(tab.profile());
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(tab.base);
    await tab.waitPhase(page, 'ready');
    const from = await page.evaluate(() => performance.now());
    await page.getByLabel('Open log files').setInputFiles(files);
    await tab.waitPhase(page, 'loading');
    await tab.waitPhase(page, 'ready');
    const ms = (await page.evaluate(() => performance.now())) - from;
    const status = await page.getByTestId('status-line').innerText();
    return { ms, status };
  } finally {
    await context.close();
  }
}

export async function tinyFilesRun(tab, input) {
  console.log(`tiny files: ${input.files.length.toLocaleString('en-US')} files of ${input.events.toLocaleString('en-US')} events in all, and the same events in one file …`);
  const together = await timedLoad(tab, input.together);
  console.log(`  one file: ${(together.ms / 1000).toFixed(1)} s; ${together.status}`);
  const many = await timedLoad(tab, input.files);
  console.log(`  ${input.files.length} files: ${(many.ms / 1000).toFixed(1)} s; ${many.status}`);
  return { files: input.files.length, events: input.events, together, many };
}

export function tinyFilesRows(run) {
  const stored = storedEvents(run.many.status);
  return [{
    figure: `${run.files.toLocaleString('en-US')} tiny files chosen at once (chosen → Loaded)`, ms: run.many.ms,
    baseline: 'the same events in one file', baselineMs: run.together.ms, target: `≤ ${TINY_FILES_TARGET_MS / 1000} s`, met: run.many.ms <= TINY_FILES_TARGET_MS,
    note: `${stored.toLocaleString('en-US')} of ${run.events.toLocaleString('en-US')} events stored; ${run.many.status}`,
  }];
}
