import type { Engine } from '../engine';
import { ident } from '../sql/core/quote';
import type { Materialization } from './materialization';

/**
 * The materializations of one dataset version, as TEMP tables: built on first use and kept for
 * later jobs; at most `capacity` at once (the least recently used is dropped first, never one the
 * running job uses); all dropped when the version changes.
 */
export class MaterializedTables {
  private version: number | null = null;
  /** Least recently used first. */
  private readonly names: string[] = [];
  private readonly usedByJob = new Set<string>();

  constructor(private readonly engine: Engine, private readonly capacity: number) {}

  /** Before a job of `version`: a new version drops every table of the last one. */
  async enterVersion(version: number): Promise<void> {
    if (this.version === version) return;
    await this.dropAll();
    this.version = version;
  }

  /** The table of `materialization` if this version has built it (then kept for the running job), else null. */
  existing({ name }: Materialization): string | null {
    const index = this.names.indexOf(name);
    if (index < 0) return null;
    this.usedByJob.add(name);
    this.names.splice(index, 1);
    this.names.push(name);
    return name;
  }

  /** The table of `materialization`, built if this version has none yet. */
  async ensure(materialization: Materialization): Promise<string> {
    const existing = this.existing(materialization);
    if (existing !== null) return existing;
    const { name, select } = materialization;
    this.usedByJob.add(name);
    await this.engine.query(`CREATE OR REPLACE TEMP TABLE ${ident(name)} AS ${select.sql}`, select.params);
    this.names.push(name);
    await this.evictBeyondCapacity();
    return name;
  }

  /** After a job: its tables may be evicted again. */
  jobDone(): void {
    this.usedByJob.clear();
  }

  async dropAll(): Promise<void> {
    while (this.names.length > 0) {
      await this.drop(this.names[0]);
      this.names.shift();
    }
  }

  private async evictBeyondCapacity(): Promise<void> {
    for (const name of [...this.names]) {
      if (this.names.length <= this.capacity) return;
      if (this.usedByJob.has(name)) continue;
      this.names.splice(this.names.indexOf(name), 1);
      await this.drop(name);
    }
  }

  private drop(name: string): Promise<void> {
    return this.engine.exec(`DROP TABLE IF EXISTS ${ident(name)}`);
  }
}
