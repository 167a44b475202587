import type { CheckReport, CheckRun } from './check-report';

const indented = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);
const field = (name: string, value: unknown) => `  "${name}": ${indented(JSON.stringify(value, null, 2), '  ')},`;

async function* listLines(name: string, pages: AsyncIterable<readonly unknown[]>, last: boolean): AsyncGenerator<string> {
  const end = last ? '' : ',';
  let held: string | null = null;
  for await (const page of pages) {
    for (const item of page) {
      yield held === null ? `  "${name}": [` : `${held},`;
      held = `    ${indented(JSON.stringify(item, null, 2), '    ')}`;
    }
  }
  if (held === null) yield `  "${name}": []${end}`;
  else yield* [held, `  ]${end}`];
}

/**
 * The report as `JSON.stringify(report, null, 2)` writes it, one piece at a time, read a page at
 * a time: a million rejected lines would make one string longer than a JavaScript string may be.
 */
export async function* checkReportJson(run: CheckRun): AsyncGenerator<string> {
  yield '{';
  yield field('files', run.files);
  yield field('counts_by_type', run.counts_by_type);
  yield field('unmapped_spans', run.unmapped_spans);
  yield* listLines('rejected', run.issues('rejected'), false);
  yield* listLines('warnings', run.issues('warnings'), true);
  yield '}';
}

/** A report held whole, as a run: its lists in one page each. */
export function runOfReport(report: CheckReport): CheckRun {
  const count = (kind: 'rejected' | 'warnings', path: string) => report[kind].filter((issue) => issue.file === path).length;
  return {
    ...report,
    totals: { rejected: report.rejected.length, warnings: report.warnings.length },
    async *issues(kind, { file, limit = null } = {}) {
      const all = report[kind].filter((issue) => !file || issue.file === file.path);
      yield limit === null ? all : all.slice(0, limit);
    },
    issueCount: (kind, file) => count(kind, file.path),
  };
}
