/** One option taken out of the command line: `value` is undefined when the arguments ended first. */
export interface TakenOption {
  name: string;
  value: string | undefined;
}

/**
 * Takes the options `takes` accepts out of command-line arguments, as `--name value` or
 * `--name=value`, and the bare `flags`; every other argument, and all from `--` on, is returned
 * in `rest`, in order, for the next reader.
 */
export function takeOptions(args: readonly string[], takes: (name: string) => boolean, flags: readonly string[] = []) {
  const options: TakenOption[] = [];
  const flagsGiven = new Set<string>();
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      rest.push(...args.slice(i));
      break;
    }
    if (flags.includes(arg)) {
      flagsGiven.add(arg);
      continue;
    }
    const at = arg.indexOf('=');
    const [name, inline] = arg.startsWith('--') && at > 0 ? [arg.slice(0, at), arg.slice(at + 1)] : [arg, undefined];
    if (!takes(name)) rest.push(arg);
    else options.push({ name, value: inline ?? args[++i] });
  }
  return { options, flags: flagsGiven, rest };
}
