import { createInterface } from 'node:readline/promises';
import type { ClickHouseEngine } from '../engine/clickhouse/clickhouse-engine';
import { OPTIONAL_PACKAGES, isOptionalPackageInstalled, optionalPackageDir, type OptionalPackage } from '../engine/clickhouse/optional-package';
import type { ClickHouseChoice } from './cli-engine';
import type { CliIo } from './io';
import { errorMessage } from '../lib/error-message';

/** Install sizes on this machine (app/engine/clickhouse/README.md, "Getting ClickHouse"). */
const INSTALL_SIZE: Record<OptionalPackage, string> = { chdb: '~546 MB', client: '~2 MB' };

/** The URL as it may be printed: a password in it is never shown. */
export const shownUrl = (url: string) => url.replace(/\/\/([^/@:]*):[^/@]*@/, '//$1:***@');

/**
 * Whether the package may be installed now: `--install` or RI_CLICKHOUSE_INSTALL=1 say yes; on a
 * terminal the user is asked; otherwise no (the caller says how to allow it).
 */
async function mayInstall(which: OptionalPackage, choice: ClickHouseChoice, io: CliIo): Promise<boolean> {
  if (choice.install || process.env.RI_CLICKHOUSE_INSTALL === '1') return true;
  if (!process.stdin.isTTY || !process.stderr.isTTY) return false;
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await prompt.question(`Install ${OPTIONAL_PACKAGES[which].name} (${INSTALL_SIZE[which]}) into ${optionalPackageDir(which)} now? [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
    io.err('');
  }
}

/**
 * Opens the ClickHouse the URL names: `chdb:` / `chdb:DIR` the embedded engine (over the data
 * directory DIR), http(s) a server through `@clickhouse/client`. Either package is installed into
 * `.cache/` on demand, after saying what and how large; an error says why it could not open.
 */
export async function openClickHouse(choice: ClickHouseChoice, io: CliIo): Promise<ClickHouseEngine> {
  const which: OptionalPackage = choice.url.startsWith('chdb:') ? 'chdb' : 'client';
  const { name } = OPTIONAL_PACKAGES[which];
  if (!isOptionalPackageInstalled(which)) {
    if (!(await mayInstall(which, choice, io))) {
      throw new Error(`${name} (${INSTALL_SIZE[which]}) is not installed: run again with --install (or RI_CLICKHOUSE_INSTALL=1) to install it into ${optionalPackageDir(which)}`);
    }
    io.err(`retrieval-inspector report: installing ${name} (${INSTALL_SIZE[which]}) into ${optionalPackageDir(which)}`);
  }
  if (which === 'chdb') {
    const { createChdbEngine } = await import('../engine/clickhouse/chdb-engine');
    const dir = choice.url.slice('chdb:'.length);
    return createChdbEngine({ path: dir === '' ? undefined : dir, install: true });
  }
  const { createHttpEngine } = await import('../engine/clickhouse/http-engine');
  const engine = await createHttpEngine({ url: choice.url, database: choice.database, install: true });
  try {
    await engine.query('SELECT 1');
  } catch (error) {
    await engine.close();
    throw new Error(`cannot reach ClickHouse at ${shownUrl(choice.url)}: ${errorMessage(error)}`);
  }
  return engine;
}
