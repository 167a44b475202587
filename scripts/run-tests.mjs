// Every test: the static checks, unit (Vitest), then browser (Playwright) tests, then one closing line `tests: N passed, M failed`.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePackage } from './ensure-chdb.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
const UNIT_REPORT = path.join(resultsDir, 'unit.json');
const E2E_REPORT = path.join(resultsDir, 'e2e.json');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.error) console.error(`${command} ${args.join(' ')}: ${result.error.message}`);
  return result.status ?? 1;
}

/** Like run, without waiting; with logPath the output goes to that file instead of the terminal. */
function runAsync(command, args, logPath) {
  return new Promise((resolve) => {
    const log = logPath ? createWriteStream(logPath) : null;
    const child = spawn(command, args, { cwd: root, stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (log) {
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    }
    child.on('error', (error) => {
      console.error(`${command} ${args.join(' ')}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => {
      if (log) log.end(() => resolve(code ?? 1));
      else resolve(code ?? 1);
    });
  });
}

/** Vitest's JSON report; a test file that failed to load has no failed test but a failed suite. */
function countUnit(report) {
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  );
  for (const file of brokenFiles) console.error(`unit: ${path.relative(root, file.name)} failed to run: ${file.message ?? ''}`);
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles.length };
}

/** Playwright's JSON report; errors outside any test (web server, config) count as a failure. */
function countE2e(report) {
  const { expected, unexpected, flaky } = report.stats;
  for (const error of report.errors ?? []) console.error(`e2e: ${error.message?.split('\n')[0] ?? 'error outside a test'}`);
  return { passed: expected + flaky, failed: unexpected + (unexpected === 0 && report.errors?.length ? 1 : 0) };
}

function tally(suite, reportPath, exitCode, count) {
  if (!existsSync(reportPath)) {
    console.error(`${suite}: no report at ${path.relative(root, reportPath)} (exit ${exitCode}); counted as 1 failed`);
    return { passed: 0, failed: 1 };
  }
  const counts = count(JSON.parse(readFileSync(reportPath, 'utf8')));
  if (exitCode !== 0 && counts.failed === 0) {
    console.error(`${suite}: exited ${exitCode} without a failed test in its report; counted as 1 failed`);
    counts.failed = 1;
  }
  return counts;
}

mkdirSync(resultsDir, { recursive: true });
rmSync(UNIT_REPORT, { force: true });
rmSync(E2E_REPORT, { force: true });

// Static checks count as one test each: the types hold, and the layering lint passes.
const checks = [
  ['typecheck', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint (layering, hooks)', ['eslint', 'app', 'bench', 'e2e']],
].map(([name, args]) => {
  const exit = run('npx', args);
  if (exit !== 0) console.error(`${name} failed`);
  return exit === 0;
});
const staticChecks = { passed: checks.filter(Boolean).length, failed: checks.filter((ok) => !ok).length };

// The ClickHouse tests run on chdb, installed on demand outside node_modules (~550 MB, once):
// RI_CHDB=0 skips them; an install that fails says so and they are skipped, never in silence.
if (process.env.RI_CHDB !== '0') {
  try {
    ensurePackage('chdb');
    process.env.RI_CHDB = '1';
  } catch (error) {
    console.error(`chdb could not be installed (${error.message}): the ClickHouse tests are skipped`);
  }
}

// RI_TESTS_SIDE_BY_SIDE=1 runs the unit and browser halves at once, the browser half's output kept
// in a file and printed after the unit half's. Measured slower on 2 cores (stop 33: the unit half
// took over 4× as long beside the browser half), so one after the other is the default.
const unitArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.relative(root, UNIT_REPORT)}`];
const e2eArgs = [path.join(root, 'scripts', 'run-e2e.mjs')];
let unitExit;
let e2eExit;
if (process.env.RI_TESTS_SIDE_BY_SIDE !== '1') {
  unitExit = run('npx', unitArgs);
  e2eExit = run(process.execPath, e2eArgs);
} else {
  const e2eLog = path.join(resultsDir, 'e2e-output.log');
  console.log(`browser tests run beside the unit tests; their output follows the unit tests' (also in ${path.relative(root, e2eLog)})`);
  [unitExit, e2eExit] = await Promise.all([runAsync('npx', unitArgs), runAsync(process.execPath, e2eArgs, e2eLog)]);
  process.stdout.write(readFileSync(e2eLog, 'utf8'));
}

const unit = tally('unit tests', UNIT_REPORT, unitExit, countUnit);
const e2e = tally('browser tests', E2E_REPORT, e2eExit, countE2e);
const passed = staticChecks.passed + unit.passed + e2e.passed;
const failed = staticChecks.failed + unit.failed + e2e.failed;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
