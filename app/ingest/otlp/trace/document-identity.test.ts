import { describe, expect, it } from 'vitest';
import { identifyDocument, type DocumentParts, type TraceDocument } from './document-identity';

// Content ids: the first 16 hex digits of SHA-256 of the normalized text, computed once with
// Node (`crypto.createHash('sha256').update(text, 'utf8').digest('hex')`) and pasted here.
const REFUNDS = 'content:ff07d2ea9d568b03'; // "Refunds are issued within 14 days."
const UNICODE = 'content:fc0f097007e91415'; // "Ünïcödé text — with dashes"
const EMPTY = 'content:e3b0c44298fc1c14'; // ""

describe('a document is identified by its id, else an id in its metadata, else its content', () => {
  it.each<[string, DocumentParts, Partial<TraceDocument>]>([
    ['document.id', { id: 'kb-1', content: 'x' }, { id: 'kb-1', idSource: 'id' }],
    ['an integer id as text', { id: 17 }, { id: '17', idSource: 'id' }],
    ['document.id before a metadata id', { id: 'kb-1', metadata: '{"id":"m"}' }, { id: 'kb-1', idSource: 'id' }],
    ['an empty id is no id', { id: '', metadata: '{"doc_id":"m"}' }, { id: 'm', idSource: 'metadata' }],
    ['metadata as a JSON string: id', { metadata: '{"source":"a.md","id":"m-1"}' }, { id: 'm-1', idSource: 'metadata' }],
    ['metadata: doc_id', { metadata: '{"doc_id":"d"}' }, { id: 'd', idSource: 'metadata' }],
    ['metadata: document_id', { metadata: '{"document_id":"dd"}' }, { id: 'dd', idSource: 'metadata' }],
    ['metadata: node_id', { metadata: '{"node_id":"n"}' }, { id: 'n', idSource: 'metadata' }],
    ['metadata keys in order: id, doc_id, document_id, node_id', { metadata: '{"node_id":"n","document_id":"dd","doc_id":"d"}' }, { id: 'd', idSource: 'metadata' }],
    ['metadata as a structured map', { metadata: { doc_id: 'd' } }, { id: 'd', idSource: 'metadata' }],
    ['a numeric metadata id as text', { metadata: '{"id":42}' }, { id: '42', idSource: 'metadata' }],
    ['metadata without an id: the content id', { content: 'Refunds are issued within 14 days.', metadata: '{"source":"kb"}' }, { id: REFUNDS, idSource: 'content' }],
    ['metadata that is not JSON: the content id', { content: 'Refunds are issued within 14 days.', metadata: 'id=7' }, { id: REFUNDS, idSource: 'content' }],
    ['content, whitespace-normalized before hashing', { content: '  Refunds are\n\tissued   within 14 days.\n' }, { id: REFUNDS, idSource: 'content' }],
    ['non-ASCII content, hashed as UTF-8', { content: 'Ünïcödé text — with dashes' }, { id: UNICODE, idSource: 'content' }],
    ['nothing at all: the content id of the empty text', { score: 0.5 }, { id: EMPTY, idSource: 'content', score: 0.5 }],
    ['content and metadata are kept', { id: 'a', content: 'c', metadata: '{"title":"T"}' }, { content: 'c', metadata: '{"title":"T"}' }],
  ])('%s', (_rule, parts, expected) => {
    expect(identifyDocument(parts)).toMatchObject(expected);
  });

  it('leaves out a score that is not a number', () => {
    expect(identifyDocument({ id: 'a', score: 'high' })).toEqual({ id: 'a', idSource: 'id' });
  });
});
