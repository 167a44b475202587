import type { CheckReport } from './check-report';

const indented = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);

function* listLines(name: string, items: readonly unknown[], last: boolean): Generator<string> {
  const end = last ? '' : ',';
  if (items.length === 0) {
    yield `  "${name}": []${end}`;
    return;
  }
  yield `  "${name}": [`;
  for (const [index, item] of items.entries()) yield `    ${indented(JSON.stringify(item, null, 2), '    ')}${index < items.length - 1 ? ',' : ''}`;
  yield `  ]${end}`;
}

/**
 * The report as `JSON.stringify(report, null, 2)` writes it, one piece at a time: a million
 * rejected lines would make one string longer than a JavaScript string may be.
 */
export function* checkReportJson(report: CheckReport): Generator<string> {
  yield '{';
  yield `  "files": ${indented(JSON.stringify(report.files, null, 2), '  ')},`;
  yield `  "counts_by_type": ${indented(JSON.stringify(report.counts_by_type, null, 2), '  ')},`;
  yield `  "unmapped_spans": ${indented(JSON.stringify(report.unmapped_spans, null, 2), '  ')},`;
  yield* listLines('rejected', report.rejected, false);
  yield* listLines('warnings', report.warnings, true);
  yield '}';
}
