// Installs node_modules with `npm ci` when it is missing or was installed from another package-lock.json.
// Plain Node, no dependencies: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');
const modulesDir = path.join(root, 'node_modules');
const stampPath = path.join(modulesDir, '.retrieval-inspector-lock-hash');

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const lockText = readFileSync(lockPath, 'utf8');
const lockHash = createHash('sha256').update(lockText).digest('hex');

function stampMatches() {
  return existsSync(stampPath) && readFileSync(stampPath, 'utf8').trim() === lockHash;
}

/**
 * node_modules installed before the stamp existed: npm's own record of what it installed
 * (node_modules/.package-lock.json) agrees with the lock file, so a reinstall would change nothing.
 */
function installedTreeMatchesLock() {
  const installedPath = path.join(modulesDir, '.package-lock.json');
  if (!existsSync(installedPath)) return false;
  const wanted = JSON.parse(lockText).packages ?? {};
  const installed = readJson(installedPath).packages ?? {};
  for (const [key, entry] of Object.entries(wanted)) {
    if (key === '') continue;
    const have = installed[key];
    if (have ? have.version !== entry.version : !entry.optional) return false;
  }
  return Object.keys(installed).every((key) => key in wanted);
}

if (existsSync(modulesDir) && stampMatches()) process.exit(0);

if (!existsSync(modulesDir) || !installedTreeMatchesLock()) {
  console.log(existsSync(modulesDir) ? 'package-lock.json changed: running npm ci' : 'node_modules missing: running npm ci');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`npm ci failed (${result.error?.message ?? `exit ${result.status}`})`);
    process.exit(result.status || 1);
  }
}
writeFileSync(stampPath, `${lockHash}\n`);
