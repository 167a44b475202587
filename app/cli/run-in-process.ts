import { main } from './main';

type CliRun = { code: number; out: string[]; err: string[] };

/** For tests: the command line run in this process, its exit code and the lines it printed to stdout and stderr. */
export async function runCli(args: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

const runs = new Map<string, Promise<CliRun>>();

/**
 * For tests that ask the same command of the same unchanged inputs more than once (a report over
 * files no test rewrites): the first run's result, shared. Each run starts an engine of its own,
 * seconds of DuckDB-wasm start-up; the output of one command line over the same inputs is the same.
 */
export function runCliOnce(args: string[]): Promise<CliRun> {
  const key = JSON.stringify(args);
  if (!runs.has(key)) runs.set(key, runCli(args));
  return runs.get(key)!.then(({ code, out, err }) => ({ code, out: [...out], err: [...err] }));
}
