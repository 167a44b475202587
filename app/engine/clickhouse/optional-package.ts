import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The ClickHouse packages kept out of the default install (chdb is ~550 MB): each lives in a
 * cache directory of its own, `.cache/<dir>/node_modules`, installed by `scripts/ensure-chdb.mjs`
 * (which pins the versions). `RI_CLICKHOUSE_CACHE` moves the cache, as it does for the script.
 */
export const OPTIONAL_PACKAGES = {
  chdb: { name: 'chdb', dir: 'chdb', flag: [] as string[] },
  client: { name: '@clickhouse/client', dir: 'clickhouse-client', flag: ['--client'] },
} as const;

export type OptionalPackage = keyof typeof OPTIONAL_PACKAGES;

/** The checkout this module belongs to: the nearest folder up that holds scripts/ensure-chdb.mjs. */
function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'scripts', 'ensure-chdb.mjs'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const optionalPackageDir = (which: OptionalPackage) =>
  path.join(process.env.RI_CLICKHOUSE_CACHE ?? path.join(repoRoot(), '.cache'), OPTIONAL_PACKAGES[which].dir);

export const isOptionalPackageInstalled = (which: OptionalPackage) =>
  existsSync(path.join(optionalPackageDir(which), 'node_modules', ...OPTIONAL_PACKAGES[which].name.split('/'), 'package.json'));

/** Runs the install script (a no-op when the pinned version is there already). */
export function installOptionalPackage(which: OptionalPackage): void {
  const script = path.join(repoRoot(), 'scripts', 'ensure-chdb.mjs');
  const result = spawnSync(process.execPath, [script, ...OPTIONAL_PACKAGES[which].flag], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`could not install ${OPTIONAL_PACKAGES[which].name} (${script} exited with ${result.status})`);
}

/**
 * Loads an optional package from its cache directory, installing it first when `install` is set;
 * otherwise a missing package is an error that says how to get it.
 */
export function requireOptionalPackage<Module>(which: OptionalPackage, { install = false } = {}): Module {
  const { name, flag } = OPTIONAL_PACKAGES[which];
  if (!isOptionalPackageInstalled(which)) {
    if (!install) throw new Error(`${name} is not installed: run \`node scripts/ensure-chdb.mjs${flag.map((f) => ` ${f}`).join('')}\``);
    installOptionalPackage(which);
  }
  return createRequire(path.join(optionalPackageDir(which), 'package.json'))(name) as Module;
}
