// Installs the optional ClickHouse packages on demand, outside the repo's node_modules, so that
// `npm ci` never downloads them: `chdb` (the embedded ClickHouse, ~550 MB, for the tests and
// `--engine chdb`) or, with `--client`, `@clickhouse/client` (a real server over HTTP).
// Each goes into a cache directory of its own (`.cache/chdb/`, `.cache/clickhouse-client/`,
// gitignored) with `npm install --prefix`, pinned to one exact version; a second run with the
// same version installed does nothing. Prints the directory it installed into.
// Plain Node, no dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const OPTIONAL_PACKAGES = {
  chdb: { name: 'chdb', version: '3.4.0', dir: 'chdb' },
  client: { name: '@clickhouse/client', version: '1.23.1', dir: 'clickhouse-client' },
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The cache directory of one optional package (its `node_modules/` holds the package). */
export const cacheDirOf = (which) => path.join(process.env.RI_CLICKHOUSE_CACHE ?? path.join(root, '.cache'), OPTIONAL_PACKAGES[which].dir);

function installedVersion(dir, name) {
  const manifest = path.join(dir, 'node_modules', ...name.split('/'), 'package.json');
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined;
}

/** Installs the package unless that exact version is there; returns its cache directory. */
export function ensurePackage(which, log = console.error) {
  const { name, version } = OPTIONAL_PACKAGES[which];
  const dir = cacheDirOf(which);
  if (installedVersion(dir, name) === version) return dir;
  mkdirSync(dir, { recursive: true });
  // A package.json of its own, so that npm installs here and never walks up to the repo's.
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: `ri-cache-${OPTIONAL_PACKAGES[which].dir}`, private: true }, null, 2)}\n`);
  log(`installing ${name}@${version} into ${dir} (once)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const started = Date.now();
  const result = spawnSync(npm, ['install', '--prefix', dir, '--save-exact', '--no-audit', '--no-fund', '--no-package-lock', `${name}@${version}`], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) throw new Error(`npm install ${name}@${version} failed (${result.error?.message ?? `exit ${result.status}`})`);
  if (installedVersion(dir, name) !== version) throw new Error(`npm install ${name}@${version} finished but ${dir} does not hold it`);
  log(`installed ${name}@${version} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return dir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const which = process.argv.includes('--client') ? 'client' : 'chdb';
  try {
    console.log(ensurePackage(which));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
