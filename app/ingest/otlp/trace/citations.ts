import { metadataObject } from '../document-assets';
import type { TraceDocument } from './document-identity';
import { containsTerm, normalizeWhitespace } from './text-match';

/**
 * The returned documents a response cites: those whose id or `metadata.title` it quotes verbatim
 * (whole, compared whitespace-normalized), each once, in the order they were returned. A
 * content id (`content:…`) is nobody's to quote, so only a title can cite such a document.
 */
export function citedAssetIds(responseText: string, returned: TraceDocument[]): string[] {
  const text = normalizeWhitespace(responseText);
  const cited: string[] = [];
  const checked = new Set<string>();
  for (const document of returned) {
    if (checked.has(document.id)) continue;
    checked.add(document.id);
    const title = metadataObject(document.metadata).title;
    const quotesId = document.idSource !== 'content' && containsTerm(text, normalizeWhitespace(document.id));
    const quotesTitle = typeof title === 'string' && containsTerm(text, normalizeWhitespace(title));
    if (quotesId || quotesTitle) cited.push(document.id);
  }
  return cited;
}
