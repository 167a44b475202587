import type { RejectionReason } from '../../schema/rejection';
import type { OtlpIngest } from '../otlp/ingest-otlp';
import { isPhoenixSpanElement, readPhoenixPageSpan, type PhoenixSpansPage } from './rest-page';

type Reject = (line: number, raw: string, reason: RejectionReason, field: string | null, message: string) => void;

/** Where the spans of a page go: the load's trace collector (ingest-otlp.ts `collect`), and the rejected rows. */
export interface PageTarget {
  otlp: Pick<OtlpIngest, 'collect'>;
  reject: Reject;
}

/**
 * Element `index` of a page's `data`, found on `line`, to the load's traces: a span, or a rejected
 * row naming `data[index]`. An element that is no Phoenix span says what a `{"data": [...]}` file
 * is read as.
 */
export function collectPageElement(element: unknown, index: number, line: number, target: PageTarget): void {
  if (!isPhoenixSpanElement(element)) {
    const raw = JSON.stringify(element) ?? String(element);
    target.reject(line, raw, 'wrong_type', null, `data[${index}]: not a Phoenix span (a file of {"data": [...]} is read as a page of Phoenix's REST span export: each element a span with span_id and trace_id)`);
    return;
  }
  const result = readPhoenixPageSpan(element, index);
  if (result.ok) target.otlp.collect(result.read.span, result.read.resource, line, result.read.position);
  else target.reject(line, result.rejection.raw, result.rejection.reason, result.rejection.field, `${result.rejection.position}: ${result.rejection.message}`);
}

/** A whole page, parsed (a JSON Lines line, an element of a JSON array of pages). */
export function collectPage(page: PhoenixSpansPage, line: number, target: PageTarget): void {
  page.data.forEach((element, index) => collectPageElement(element, index, line, target));
}
