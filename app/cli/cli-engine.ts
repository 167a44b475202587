import type { Engine } from '../engine/engine';
import type { NativeEngineOptions } from '../engine/native-engine';
import { createNodeEngine } from '../engine/node-engine';

/** Which DuckDB a command runs on: the browser's wasm build, or native DuckDB with its knobs. */
export type EngineChoice = { kind: 'wasm' } | ({ kind: 'native' } & NativeEngineOptions);

export const ENGINE_USAGE = [
  '  --engine wasm|native    wasm (default): the browser\'s DuckDB build; native: native DuckDB',
  '                          (spilling to disk), for inputs too large for a tab',
  '  --threads N             native: worker threads (default: every core; the numbers are the same)',
  '  --memory-limit SIZE     native: e.g. 8GB (default: half of RAM); past it DuckDB spills to disk',
  '  --temp-directory DIR    native: where it spills (default: a new directory in the system\'s temp,',
  '                          removed at the end)',
];

const NATIVE_OPTIONS = { '--threads': 'threads', '--memory-limit': 'memoryLimit', '--temp-directory': 'tempDirectory' } as const;

/** Takes the engine options (`--engine X` or `--engine=X`, and native's knobs) out of the arguments. */
export function parseEngineArgs(args: readonly string[]): { engine: EngineChoice; rest: string[] } | { error: string } {
  let kind: 'wasm' | 'native' = 'wasm';
  const native: NativeEngineOptions = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      rest.push(...args.slice(i));
      break;
    }
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name !== '--engine' && !Object.hasOwn(NATIVE_OPTIONS, name)) {
      rest.push(arg);
      continue;
    }
    const value = inline ?? args[++i];
    if (value === undefined || value === '') return { error: `${name} needs a value` };
    if (name === '--engine') {
      if (value !== 'wasm' && value !== 'native') return { error: `--engine takes wasm or native, not "${value}"` };
      kind = value;
    } else if (name === '--threads') {
      if (!/^[1-9]\d*$/.test(value)) return { error: `--threads takes a whole number of 1 or more, not "${value}"` };
      native.threads = Number(value);
    } else {
      native[NATIVE_OPTIONS[name as '--memory-limit' | '--temp-directory']] = value;
    }
  }
  if (kind === 'wasm' && Object.keys(native).length > 0) return { error: `${Object.keys(native).map((key) => Object.entries(NATIVE_OPTIONS).find(([, option]) => option === key)?.[0]).join(', ')} needs --engine native` };
  return { engine: kind === 'native' ? { kind, ...native } : { kind }, rest };
}

/** The native engine is imported only when asked for, so its binding never loads otherwise. */
export async function createCliEngine(engine: EngineChoice): Promise<Engine> {
  if (engine.kind === 'wasm') return createNodeEngine();
  const { createNativeEngine } = await import('../engine/native-engine');
  return createNativeEngine(engine);
}
