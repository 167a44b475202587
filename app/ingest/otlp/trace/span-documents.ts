import type { Rejection } from '../../../schema/rejection';
import type { AttributeValue, Attributes } from '../any-value';
import { identifyDocument, type DocumentParts, type TraceDocument } from './document-identity';
import { errorMessage } from '../../../lib/error-message';

export type DocumentListName = 'retrieval.documents' | 'reranker.input_documents' | 'reranker.output_documents';

/** A span's document lists; a list the span does not record is absent (not recorded ≠ empty). */
export type SpanDocumentLists = Partial<Record<DocumentListName, TraceDocument[]>>;

export interface SpanDocumentsRead {
  lists: SpanDocumentLists;
  /** A GenAI list that could not be read: the span is still mapped, as one that records none. */
  problem: Rejection | null;
}

/**
 * OpenInference flattens each list: `<list>.<i>.document.<part>`, ordered by the number `i`. A
 * metadata map some instrumentors flatten further (`…document.metadata.title`) is put together.
 */
const FLATTENED = /^(retrieval\.documents|reranker\.input_documents|reranker\.output_documents)\.(\d+)\.document\.(id|score|content|metadata)(?:\.(.+))?$/;

type PartsByIndex = Map<number, DocumentParts>;

/** GenAI's retrieved documents: a list of `{id, score, …}`, structured or as JSON text (opt-in: absent is "not recorded"). */
export const GEN_AI_DOCUMENTS = 'gen_ai.retrieval.documents';

function addPart(parts: DocumentParts, part: keyof DocumentParts, subKey: string | undefined, value: AttributeValue): void {
  if (subKey === undefined) {
    parts[part] = value;
    return;
  }
  if (part !== 'metadata') return;
  const metadata = typeof parts.metadata === 'object' && parts.metadata !== null && !Array.isArray(parts.metadata)
    ? parts.metadata
    : (Object.create(null) as Record<string, AttributeValue>);
  metadata[subKey] = value;
  parts.metadata = metadata;
}

function flattenedLists(attributes: Attributes): Map<DocumentListName, PartsByIndex> {
  const lists = new Map<DocumentListName, PartsByIndex>();
  for (const key in attributes) {
    const match = FLATTENED.exec(key);
    if (!match) continue;
    const name = match[1] as DocumentListName;
    const byIndex = lists.get(name) ?? new Map<number, DocumentParts>();
    lists.set(name, byIndex);
    const index = Number(match[2]);
    const parts = byIndex.get(index) ?? {};
    byIndex.set(index, parts);
    addPart(parts, match[3] as keyof DocumentParts, match[4], attributes[key]);
  }
  return lists;
}

const inIndexOrder = (byIndex: PartsByIndex): TraceDocument[] =>
  [...byIndex.keys()].sort((a, b) => a - b).map((index) => identifyDocument(byIndex.get(index)!));

/** GenAI: a list of `{id, score, content, metadata}` objects (or of bare ids), structured or as a JSON string. */
function genAiDocuments(value: AttributeValue): TraceDocument[] | Rejection {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch (error) {
      return { reason: 'invalid_json', field: GEN_AI_DOCUMENTS, message: `"${GEN_AI_DOCUMENTS}" is not valid JSON (${errorMessage(error)}): the retrieval is kept without its documents` };
    }
  }
  if (!Array.isArray(list)) {
    return { reason: 'wrong_type', field: GEN_AI_DOCUMENTS, message: `"${GEN_AI_DOCUMENTS}" must be a list of documents: the retrieval is kept without its documents` };
  }
  const documents: TraceDocument[] = [];
  for (const item of list as unknown[]) {
    if (typeof item === 'string' || typeof item === 'number') documents.push(identifyDocument({ id: item }));
    else if (typeof item === 'object' && item !== null && !Array.isArray(item)) documents.push(identifyDocument(item as DocumentParts));
  }
  return documents;
}

/** Every document list a span records: OpenInference's flattened lists, else GenAI's for the retrieved one. */
export function readSpanDocuments(attributes: Attributes): SpanDocumentsRead {
  const lists: SpanDocumentLists = {};
  for (const [name, byIndex] of flattenedLists(attributes)) lists[name] = inIndexOrder(byIndex);
  const genAi = attributes[GEN_AI_DOCUMENTS];
  if (lists['retrieval.documents'] !== undefined || genAi === undefined || genAi === null) return { lists, problem: null };
  const documents = genAiDocuments(genAi);
  if (!Array.isArray(documents)) return { lists, problem: documents };
  lists['retrieval.documents'] = documents;
  return { lists, problem: null };
}
