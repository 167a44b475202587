import { CLICKHOUSE } from '../sql/dialect';
import { chIdent } from './events-schema';

/**
 * One step of the otel_traces mapping: a SELECT over the source table and the earlier steps,
 * named `otel_*`. The same steps are either the CTEs of one statement (`withStages`: a view, or
 * one INSERT … SELECT) or temporary tables made one after another (`stageStatements`).
 * ClickHouse inlines a CTE at every reference, analysis included: the mapping's CTEs refer to
 * each other so often that one statement spends seconds in analysis before it reads a row (11.6 s
 * over an empty table on chdb 3.4), and computes the documents of a span and the walk up its
 * ancestors once per reference. Made into tables, each step is analysed and run once.
 */
export interface Stage {
  name: string;
  select: string;
  /** A recursive CTE the select reads (WITH RECURSIVE): named apart, since a table being made cannot name itself. */
  recursive?: { name: string; select: string };
}

const asCte = (name: string, select: string) => `${name} AS (\n${select}\n)`;

/** The stages as the CTEs of one statement ending in `select`. */
export function withStages(stages: readonly Stage[], select: string): string {
  const ctes = stages.flatMap((stage) => [...(stage.recursive ? [asCte(stage.recursive.name, stage.recursive.select)] : []), asCte(stage.name, stage.select)]);
  return `WITH RECURSIVE ${ctes.join(',\n')}\n${select}`;
}

/** Each stage as a temporary table of the connection (ClickHouse over HTTP: needs a session), in order. */
export function stageStatements(stages: readonly Stage[]): string[] {
  return stages.map((stage) => CLICKHOUSE.createTempTableAs(
    chIdent(stage.name),
    stage.recursive ? `WITH RECURSIVE ${asCte(stage.recursive.name, stage.recursive.select)}\n${stage.select}` : stage.select,
  ));
}

/** Drops the stages' temporary tables. */
export const dropStageStatements = (stages: readonly Stage[]) => stages.map((stage) => `DROP TEMPORARY TABLE IF EXISTS ${chIdent(stage.name)}`);
