import { readAttributes, type Attributes } from './any-value';
import { isOtlpDocument, type OtlpRejection } from './otlp-mapping';
import { readSpan, type ReadSpan } from './read-span';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : typeof value === 'string' ? 'a string' : `a ${typeof value}`;

/** A rejected part's JSON text; one nested too deep to write out says so instead. */
function rawText(raw: unknown): string {
  try {
    return JSON.stringify(raw) ?? String(raw);
  } catch {
    return '(nested too deep to write out)';
  }
}

/** `scopeSpans`, and the name OTLP used for it before 0.15 (`instrumentationLibrarySpans`). */
const SCOPE_LISTS = ['scopeSpans', 'instrumentationLibrarySpans'] as const;

export interface DocumentVisitor {
  /** A span that could be read, with its resource's attributes and its place (`resourceSpans[0].scopeSpans[1].spans[4]`). */
  span(span: ReadSpan, resource: Attributes, position: string): void;
  rejected(rejection: OtlpRejection): void;
}

/**
 * Walks one OTLP JSON trace document (`{"resourceSpans": [...]}`): every span that can be read
 * goes to `visit.span`, every part that cannot to `visit.rejected` with its position. Unknown
 * fields are ignored. What the spans mean is decided per trace (trace/resolve-trace.ts).
 */
export function readOtlpDocument(document: unknown, visit: DocumentVisitor): void {
  const reject = (position: string, field: string, message: string, raw: unknown): void => {
    visit.rejected({ position, reason: 'wrong_type', field, message, raw: rawText(raw) });
  };
  if (!isOtlpDocument(document)) {
    const given = isRecord(document) ? document.resourceSpans : undefined;
    if (given !== undefined) reject('resourceSpans', 'resourceSpans', `must be a list of resource spans, not ${kindOf(given)}`, document);
    else reject('document', 'resourceSpans', 'not an OTLP trace document: expected {"resourceSpans": [...]}', document);
    return;
  }
  document.resourceSpans.forEach((resourceSpans, r) => {
    const resourcePosition = `resourceSpans[${r}]`;
    if (!isRecord(resourceSpans)) return reject(resourcePosition, 'resourceSpans', 'must be a JSON object', resourceSpans);
    const resourceRead = readAttributes(isRecord(resourceSpans.resource) ? resourceSpans.resource.attributes : undefined, 'resource');
    const resource = resourceRead.ok ? resourceRead.attributes : null;
    for (const listName of SCOPE_LISTS) {
      const scopes = resourceSpans[listName];
      if (scopes === undefined || scopes === null) continue;
      if (!Array.isArray(scopes)) {
        reject(`${resourcePosition}.${listName}`, listName, 'must be a list', scopes);
        continue;
      }
      scopes.forEach((scope, s) => {
        const scopePosition = `${resourcePosition}.${listName}[${s}]`;
        if (!isRecord(scope)) return reject(scopePosition, listName, 'must be a JSON object', scope);
        const { spans } = scope;
        if (spans === undefined || spans === null) return;
        if (!Array.isArray(spans)) return reject(`${scopePosition}.spans`, 'spans', 'must be a list of spans', spans);
        spans.forEach((raw, i) => {
          const position = `${scopePosition}.spans[${i}]`;
          // A resource that cannot be read rejects each of its spans, so that every span is accounted for.
          if (!resourceRead.ok) {
            const { reason, field, message } = resourceRead.problem;
            visit.rejected({ position, reason, field: `resource.${field}`, message, raw: rawText(raw) });
            return;
          }
          const read = readSpan(raw);
          if (read.ok) visit.span(read.span, resource!, position);
          else visit.rejected({ position, ...read.rejection, raw: rawText(raw) });
        });
      });
    }
  });
}
