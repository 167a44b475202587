import { sha256Hex } from '../../../lib/sha256';
import type { AttributeValue } from '../any-value';
import { metadataObject } from '../document-assets';
import { normalizeWhitespace } from './text-match';

/** One document's parts as a span records them, before its identity is settled. */
export interface DocumentParts {
  id?: AttributeValue;
  score?: AttributeValue;
  content?: AttributeValue;
  metadata?: AttributeValue;
}

/** Where a document's id comes from: given, or derived from its metadata or its content. */
export type IdSource = 'id' | 'metadata' | 'content';

/** A document of a trace with its identity; fits `documentAsset`. */
export interface TraceDocument {
  id: string;
  idSource: IdSource;
  score?: number;
  content?: string;
  metadata?: AttributeValue;
}

/** Keys of `document.metadata` that hold an id, in the order they are tried (docs/log-format.md). */
export const METADATA_ID_KEYS = ['id', 'doc_id', 'document_id', 'node_id'] as const;

const CONTENT_ID_PREFIX = 'content:';

function idText(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** `content:` + the first 16 hex digits of the SHA-256 of the whitespace-normalized content. */
export const contentId = (content: string): string => CONTENT_ID_PREFIX + sha256Hex(normalizeWhitespace(content)).slice(0, 16);

/**
 * A document's id: `document.id`; else an id in `document.metadata`; else a content id (a
 * document with no content at all gets the content id of the empty text). Never fails: a
 * document is no reason to reject its span. A score that is not a finite number is left out.
 */
export function identifyDocument(parts: DocumentParts): TraceDocument {
  const content = typeof parts.content === 'string' ? parts.content : undefined;
  const metadata = parts.metadata ?? undefined;
  const given = idText(parts.id);
  const fromMetadata = given === undefined && metadata !== undefined ? metadataId(metadata) : undefined;
  const document: TraceDocument =
    given !== undefined ? { id: given, idSource: 'id' }
    : fromMetadata !== undefined ? { id: fromMetadata, idSource: 'metadata' }
    : { id: contentId(content ?? ''), idSource: 'content' };
  if (typeof parts.score === 'number' && Number.isFinite(parts.score)) document.score = parts.score;
  if (content !== undefined) document.content = content;
  if (metadata !== undefined) document.metadata = metadata;
  return document;
}

function metadataId(metadata: AttributeValue): string | undefined {
  const object = metadataObject(metadata);
  for (const key of METADATA_ID_KEYS) {
    const id = idText(object[key]);
    if (id !== undefined) return id;
  }
  return undefined;
}
