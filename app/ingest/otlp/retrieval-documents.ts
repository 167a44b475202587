import type { Rejection } from '../../schema/rejection';
import type { AttributeValue, Attributes } from './any-value';

/** One retrieved document, from either convention. */
export interface RetrievedDocument {
  id: string;
  score?: number;
  content?: string;
  metadata?: AttributeValue;
}

/**
 * The documents a retrieval span returned, in rank order; `null` when the span records none
 * (GenAI makes `gen_ai.retrieval.documents` opt-in, so absence is "not recorded", not "empty").
 */
export type DocumentsRead = { ok: true; documents: RetrievedDocument[] | null } | { ok: false; rejection: Rejection };

const FLATTENED = /^retrieval\.documents\.(\d+)\.document\.(id|score|content|metadata)$/;
export const GEN_AI_DOCUMENTS = 'gen_ai.retrieval.documents';

const fail = (reason: Rejection['reason'], field: string, message: string): DocumentsRead => ({ ok: false, rejection: { reason, field, message } });

type DocumentParts = Partial<Record<'id' | 'score' | 'content' | 'metadata', AttributeValue>>;

/** Checks one document's parts; `where` names it in messages (`retrieval.documents.3`, `gen_ai.retrieval.documents[3]`). */
function toDocument(parts: DocumentParts, where: string, idField: string, scoreField: string): RetrievedDocument | Rejection {
  const { id, score, content, metadata } = parts;
  const idText = typeof id === 'number' && Number.isFinite(id) ? String(id) : id;
  if (typeof idText !== 'string' || idText === '') {
    return { reason: 'missing_field', field: idField, message: `document ${where} has no id` };
  }
  const document: RetrievedDocument = { id: idText };
  if (score !== undefined && score !== null) {
    if (typeof score !== 'number' || !Number.isFinite(score)) {
      return { reason: 'wrong_type', field: scoreField, message: `the score of document ${where} must be a number, got ${JSON.stringify(score)}` };
    }
    document.score = score;
  }
  if (typeof content === 'string') document.content = content;
  if (metadata !== undefined && metadata !== null) document.metadata = metadata;
  return document;
}

/** OpenInference flattens the list: `retrieval.documents.<i>.document.id`, ordered by the number `i`. */
function flattenedDocuments(attributes: Attributes): DocumentsRead | null {
  const byIndex = new Map<number, DocumentParts>();
  for (const key in attributes) {
    const match = FLATTENED.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const parts = byIndex.get(index) ?? {};
    parts[match[2] as keyof DocumentParts] = attributes[key];
    byIndex.set(index, parts);
  }
  if (byIndex.size === 0) return null;
  const documents: RetrievedDocument[] = [];
  for (const index of [...byIndex.keys()].sort((a, b) => a - b)) {
    const prefix = `retrieval.documents.${index}`;
    const document = toDocument(byIndex.get(index)!, prefix, `${prefix}.document.id`, `${prefix}.document.score`);
    if ('reason' in document) return { ok: false, rejection: document };
    documents.push(document);
  }
  return { ok: true, documents };
}

/** GenAI: a list of `{id, score}` objects, structured or as a JSON string. */
function genAiDocuments(value: AttributeValue): DocumentsRead {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch (error) {
      return fail('invalid_json', GEN_AI_DOCUMENTS, `"${GEN_AI_DOCUMENTS}" is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (!Array.isArray(list)) return fail('wrong_type', GEN_AI_DOCUMENTS, `"${GEN_AI_DOCUMENTS}" must be a list of {id, score}`);
  const documents: RetrievedDocument[] = [];
  for (const [index, item] of list.entries()) {
    const where = `${GEN_AI_DOCUMENTS}[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return fail('wrong_type', GEN_AI_DOCUMENTS, `${where} must be an object with an id`);
    }
    const document = toDocument(item as DocumentParts, where, GEN_AI_DOCUMENTS, GEN_AI_DOCUMENTS);
    if ('reason' in document) return { ok: false, rejection: document };
    documents.push(document);
  }
  return { ok: true, documents };
}

/** OpenInference's flattened list when the span has one, else GenAI's attribute. */
export function readRetrievedDocuments(attributes: Attributes): DocumentsRead {
  const flattened = flattenedDocuments(attributes);
  if (flattened) return flattened;
  const genAi = attributes[GEN_AI_DOCUMENTS];
  return genAi === undefined || genAi === null ? { ok: true, documents: null } : genAiDocuments(genAi);
}
