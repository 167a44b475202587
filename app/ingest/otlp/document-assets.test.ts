import { describe, expect, it } from 'vitest';
import { mapOtlpDocument } from './map-document';
import { makeDocument, makeSpan, RETRIEVER } from './otlp-test-builders';

type Attributes = Record<string, string | number | Record<string, string>>;
const assetsOf = (...spans: Attributes[]) => {
  const document = makeDocument(spans.map((attributes, i) => makeSpan({ spanId: `eee19b7ec3c1b17${i}`, attributes: { ...RETRIEVER, ...attributes } })));
  const mapping = mapOtlpDocument(document);
  expect(mapping.rejected).toEqual([]);
  return mapping.events.filter((event) => event.type === 'asset');
};
const D = (part: string, i = 0) => `retrieval.documents.${i}.document.${part}`;

describe('document content and metadata become asset events', () => {
  it.each<[string, Attributes, Record<string, unknown>[]]>([
    ['content as text', { [D('id')]: 'a', [D('content')]: 'body' }, [{ type: 'asset', asset_id: 'a', text: 'body' }]],
    ['title and kind from JSON metadata', { [D('id')]: 'a', [D('metadata')]: '{"title":"T","kind":"faq","x":1}' }, [{ type: 'asset', asset_id: 'a', title: 'T', kind: 'faq' }]],
    ['title from structured metadata', { [D('id')]: 'a', [D('metadata')]: { title: 'T' } }, [{ type: 'asset', asset_id: 'a', title: 'T' }]],
    ['nothing from metadata that is not JSON', { [D('id')]: 'a', [D('metadata')]: 'title=T' }, []],
    ['nothing from an id and a score alone', { [D('id')]: 'a', [D('score')]: 0.5 }, []],
    ['content of gen_ai documents', { 'gen_ai.retrieval.documents': '[{"id":"g","score":1,"content":"c"}]' }, [{ type: 'asset', asset_id: 'g', text: 'c' }]],
  ])('%s', (_rule, attributes, expected) => {
    expect(assetsOf(attributes)).toEqual(expected);
  });

  it('gives each document one asset per OTLP document, the first that describes it', () => {
    const assets = assetsOf(
      { [D('id')]: 'a', [D('score')]: 0.5 },
      { [D('id')]: 'a', [D('content')]: 'first', [D('id', 1)]: 'b', [D('content', 1)]: 'b text' },
      { [D('id')]: 'b', [D('content')]: 'b again', [D('id', 1)]: 'a', [D('content', 1)]: 'second' },
    );
    expect(assets).toEqual([
      { type: 'asset', asset_id: 'a', text: 'first' },
      { type: 'asset', asset_id: 'b', text: 'b text' },
    ]);
  });
});
