import { textAttribute } from '../any-value';
import { metadataObject } from '../document-assets';
import type { ReadSpan } from '../read-span';

/**
 * The retriever's name: LangChain's `metadata.ls_retriever_name`; else GenAI's
 * `gen_ai.data_source.id` (a GenAI span is named `retrieval <data source>`, which names no
 * retriever); else the data source in a GenAI span's name (`retrieval kb` → `kb`); else the class
 * in the span name (LlamaIndex's `BM25Retriever.retrieve` → `BM25Retriever`; a name without a dot
 * as it is).
 */
export function retrieverName(span: ReadSpan): string | undefined {
  const langChainName = metadataObject(span.attributes.metadata).ls_retriever_name;
  if (typeof langChainName === 'string' && langChainName !== '') return langChainName;
  const dataSource = textAttribute(span.attributes, 'gen_ai.data_source.id');
  if (dataSource !== undefined) return dataSource;
  const operation = span.attributes['gen_ai.operation.name'];
  if (typeof operation === 'string' && span.name.startsWith(`${operation} `)) return span.name.slice(operation.length + 1).trim() || undefined;
  const className = span.name.split('.')[0].trim();
  return className === '' ? undefined : className;
}
