import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isOptionalPackageInstalled, optionalPackageDir, requireOptionalPackage } from './optional-package';

describe('the optional ClickHouse packages', () => {
  let cache: string;
  const before = process.env.RI_CLICKHOUSE_CACHE;
  beforeEach(() => {
    cache = mkdtempSync(path.join(os.tmpdir(), 'ri-clickhouse-cache-'));
    process.env.RI_CLICKHOUSE_CACHE = cache;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.RI_CLICKHOUSE_CACHE;
    else process.env.RI_CLICKHOUSE_CACHE = before;
    rmSync(cache, { recursive: true, force: true });
  });

  it('live in a cache directory of their own each, outside node_modules', () => {
    expect(optionalPackageDir('chdb')).toBe(path.join(cache, 'chdb'));
    expect(optionalPackageDir('client')).toBe(path.join(cache, 'clickhouse-client'));
  });

  it('say how to install one that is missing rather than install it unasked', () => {
    expect(isOptionalPackageInstalled('chdb')).toBe(false);
    expect(() => requireOptionalPackage('chdb')).toThrow('chdb is not installed: run `node scripts/ensure-chdb.mjs`');
    expect(() => requireOptionalPackage('client')).toThrow('@clickhouse/client is not installed: run `node scripts/ensure-chdb.mjs --client`');
  });
});
