import { describe, expect, it } from 'vitest';
import { parseCommandLine, type OptionsTable } from '../lib/command-options';
import { DEFAULT_METRIC_SETTINGS } from '../model/metrics/settings';
import { CHECK_OPTIONS } from './commands/check';
import { EXPORT_OPTIONS } from './commands/export';
import { REPORT_OPTIONS } from './commands/report';
import { runCli } from './run-in-process';
import { metricSettingsOptions } from './settings-options';

const COMMANDS: [string, OptionsTable][] = [
  ['report', REPORT_OPTIONS],
  ['check', CHECK_OPTIONS],
  ['export', EXPORT_OPTIONS],
];

/** The lines of one option in a help text: its own line and the indented ones below it. */
function optionBlock(help: string[], name: string): string {
  const start = help.findIndex((line) => new RegExp(`^  (-\\w, )?--${name}( |$)`).test(line));
  if (start < 0) return '';
  const end = help.findIndex((line, at) => at > start && !line.startsWith(' '.repeat(26)));
  return help.slice(start, end < 0 ? undefined : end).join('\n');
}

describe.each(COMMANDS)('%s --help', (command, table) => {
  it('lists every option of its table, each with its default', async () => {
    const { code, out } = await runCli([command, '--help']);
    expect(code).toBe(0);
    for (const [name, option] of Object.entries(table)) {
      const block = optionBlock(out, name);
      expect(block, `--${name}`).not.toBe('');
      if (option.default !== undefined) expect(block, `--${name}`).toContain(`(default ${option.default})`);
    }
  });

  it('-h prints the same help', async () => {
    expect((await runCli([command, '-h'])).out).toEqual((await runCli([command, '--help'])).out);
  });

  it.each([
    [['--bogus', 'x.jsonl'], /^retrieval-inspector \w+: unknown option --bogus$/],
    [['--json=1', 'x.jsonl'], /^retrieval-inspector \w+: unknown option --json=1$/],
    [['x.jsonl', '--engine'], /^retrieval-inspector \w+: --engine needs a value$/],
    [['x.jsonl', '--threads='], /^retrieval-inspector \w+: --threads needs a value$/],
  ])('%j: a usage error on stderr, exit code 2', async (args, message) => {
    const { code, out, err } = await runCli([command, ...(command === 'export' ? ['--parquet', 'out-dir'] : []), ...args]);
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err[0]).toMatch(message);
    expect(err).toContain('Options:');
  });
});

describe('the metric settings on the command line', () => {
  const settings = (args: string[]) => metricSettingsOptions(parseCommandLine(args, REPORT_OPTIONS));

  it('reads the settings options wherever they are among the other arguments', () => {
    expect(settings(['a.jsonl', '--k', '5', '--json', '--tier1-threshold=0.4', '--used-actions', 'export', 'b.csv'])).toEqual({
      ok: true,
      settings: { ...DEFAULT_METRIC_SETTINGS, k: 5, tier1Threshold: 0.4, usedActions: ['export'] },
    });
  });

  it('reads --retriever, --run-id and --category, in both spellings', () => {
    expect(settings(['--retriever', 'dense', '--run-id=registry', 'logs.jsonl', '--category', 'returns,billing'])).toEqual({
      ok: true,
      settings: { ...DEFAULT_METRIC_SETTINGS, retrievers: ['dense'], runIds: ['registry'], categories: ['returns', 'billing'] },
    });
    expect(settings(['--run-id']).ok).toBe(false);
  });

  it.each([[['--k']], [['--k', '0']], [['--tier1-threshold', 'high']], [['--used-actions', '']]])('%j is an error', (args) => {
    expect(settings(args).ok).toBe(false);
  });

  it('stops at --', () => {
    expect(settings(['--', '--k'])).toEqual({ ok: true, settings: DEFAULT_METRIC_SETTINGS });
  });
});
