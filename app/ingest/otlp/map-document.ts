import { decodeAttributes } from './any-value';
import { mapSpan } from './map-span';
import { isOtlpDocument, type OtlpMapping } from './otlp-mapping';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `scopeSpans`, and the name OTLP used for it before 0.15 (`instrumentationLibrarySpans`). */
const SCOPE_LISTS = ['scopeSpans', 'instrumentationLibrarySpans'] as const;

/**
 * Maps one OTLP JSON trace document (`{"resourceSpans": [...]}`) onto log events, unmapped spans
 * and rejected rows, each span where it stands. Unknown fields are ignored. The mapping is
 * described in README.md, "OpenTelemetry traces".
 */
export function mapOtlpDocument(document: unknown): OtlpMapping {
  const out: OtlpMapping = { events: [], spans: [], rejected: [] };
  const reject = (position: string, field: string, message: string, raw: unknown): void => {
    out.rejected.push({ position, reason: 'wrong_type', field, message, raw: JSON.stringify(raw) ?? String(raw) });
  };
  if (!isOtlpDocument(document)) {
    reject('document', 'resourceSpans', 'not an OTLP trace document: expected {"resourceSpans": [...]}', document);
    return out;
  }
  const assetIds = new Set<string>();
  document.resourceSpans.forEach((resourceSpans, r) => {
    const resourcePosition = `resourceSpans[${r}]`;
    if (!isRecord(resourceSpans)) return reject(resourcePosition, 'resourceSpans', 'must be a JSON object', resourceSpans);
    const resource = decodeAttributes(isRecord(resourceSpans.resource) ? resourceSpans.resource.attributes : undefined);
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
        spans.forEach((span, i) => mapSpan(span, { resource, position: `${scopePosition}.spans[${i}]`, assetIds }, out));
      });
    }
  });
  return out;
}
