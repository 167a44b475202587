import { main } from './main';

/** For tests: the command line run in this process, its exit code and the lines it printed to stdout and stderr. */
export async function runCli(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}
