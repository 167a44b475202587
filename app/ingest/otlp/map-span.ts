import type { Attributes } from './any-value';
import { mapAppEvent } from './app-events';
import { documentAsset } from './document-assets';
import { mapRetrieval } from './map-retrieval';
import type { OtlpMapping } from './otlp-mapping';
import { readSpan } from './read-span';
import { spanDefaults } from './span-defaults';
import { isRetrievalSpan } from './span-kind';
import { toUnmappedSpan } from './unmapped-span';

export interface SpanPlace {
  resource: Attributes;
  /** `resourceSpans[0].scopeSpans[1].spans[4]` */
  position: string;
  /** Asset ids already given an `asset` event in this document. */
  assetIds: Set<string>;
}

/** Maps one span into `out`: a retrieval (with its documents' assets) or an unmapped span, then its app events. */
export function mapSpan(raw: unknown, place: SpanPlace, out: OtlpMapping): void {
  const rawText = () => JSON.stringify(raw) ?? String(raw);
  const read = readSpan(raw);
  if (!read.ok) {
    out.rejected.push({ position: place.position, ...read.rejection, raw: rawText() });
    return;
  }
  const { span } = read;
  const defaults = spanDefaults(span, place.resource);
  if (isRetrievalSpan(span.attributes)) {
    const mapped = mapRetrieval(span, defaults);
    if (!mapped.ok) {
      out.rejected.push({ position: place.position, ...mapped.rejection, raw: rawText() });
    } else {
      out.events.push(mapped.retrieval);
      for (const document of mapped.documents) {
        const asset = place.assetIds.has(document.id) ? null : documentAsset(document);
        if (!asset) continue;
        place.assetIds.add(document.id);
        out.events.push(asset);
      }
    }
  } else {
    out.spans.push(toUnmappedSpan(span, defaults));
  }
  span.events.forEach((rawEvent, index) => {
    const mapped = mapAppEvent(rawEvent, index, span, defaults);
    if (mapped === null) return;
    if (mapped.ok) out.events.push(mapped.event);
    else out.rejected.push({ position: `${place.position}.events[${index}]`, ...mapped.rejection, raw: JSON.stringify(rawEvent) });
  });
}
