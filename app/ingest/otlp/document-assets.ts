import type { AttributeValue } from './any-value';

/** A retrieved document as the asset catalog reads it. */
export interface RetrievedDocument {
  id: string;
  content?: string;
  metadata?: AttributeValue;
}

/** `document.metadata` is a JSON string in OpenInference; a structured map is read as is. */
export function metadataObject(metadata: AttributeValue | undefined): Record<string, unknown> {
  let value: unknown = metadata;
  if (typeof metadata === 'string') {
    try {
      value = JSON.parse(metadata);
    } catch {
      return {};
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The `asset` catalog entry a retrieved document describes: `asset_id` = its id, `text` = its
 * content, `title` and `kind` from its metadata. Null when the document carries none of these.
 */
export function documentAsset(document: RetrievedDocument): Record<string, unknown> | null {
  const metadata = metadataObject(document.metadata);
  const asset: Record<string, unknown> = { type: 'asset', asset_id: document.id };
  if (document.content !== undefined) asset.text = document.content;
  if (typeof metadata.title === 'string') asset.title = metadata.title;
  if (typeof metadata.kind === 'string') asset.kind = metadata.kind;
  return Object.keys(asset).length > 2 ? asset : null;
}
