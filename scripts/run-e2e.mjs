// Browser tests: builds the app, then runs Playwright (extra arguments pass through) on the system Chromium.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_CANDIDATES, findChromium } from './find-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!findChromium()) {
  const where = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist` : `none of ${CHROMIUM_CANDIDATES.join(', ')} exists`;
  console.error(`Browser tests need Chromium, and ${where}.`);
  console.error('Install it (Debian/Ubuntu): sudo apt-get install -y chromium');
  console.error('or point CHROMIUM_PATH at a Chromium or Chrome binary.');
  process.exit(1);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.error) console.error(`${command} ${args.join(' ')}: ${result.error.message}`);
  return result.status ?? 1;
}

const built = run('npx', ['vite', 'build', '--outDir', process.env.E2E_OUT_DIR ?? 'dist']);
if (built !== 0) {
  console.error('vite build failed; browser tests not run');
  process.exit(built);
}
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
