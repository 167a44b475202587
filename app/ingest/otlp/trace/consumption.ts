import type { SpanDefaults } from '../span-defaults';
import type { TraceDocument } from './document-identity';
import { llmInputText } from './llm-context';
import { containsTerm, normalizeWhitespace } from './text-match';
import type { CollectedSpan } from './trace-types';

/** How much of a document's normalized content must appear in a model's input (docs/log-format.md). */
export const CONTENT_MATCH_LENGTH = 64;

/**
 * A span that reads text: an LLM call (or GenAI chat / completion), a reranker's own LLM call
 * included. A RERANKER span is none: its input (Haystack writes the candidate documents into its
 * `input.value`) is what it ranks, not what the agent used.
 */
export interface Reader {
  collected: CollectedSpan;
  /** Its input, whitespace-normalized; read once, when first needed. */
  text(): string;
}

export function toReader(collected: CollectedSpan): Reader {
  let text: string | undefined;
  return { collected, text: () => (text ??= llmInputText(collected.span.attributes)) };
}

/** What a retrieval returned, as consumption needs it. */
export interface ReturnedList {
  retrieval: CollectedSpan;
  documents: TraceDocument[];
}

/** What of a document's content a reader's text must hold: its normalized first 64 characters. */
const matchedContent = (document: TraceDocument): string =>
  document.content === undefined ? '' : normalizeWhitespace(document.content).slice(0, CONTENT_MATCH_LENGTH);

function isInText(document: TraceDocument, content: string, text: string): boolean {
  if (content !== '' && text.includes(content)) return true;
  return document.idSource !== 'content' && containsTerm(text, document.id);
}

export interface UseAction {
  reader: CollectedSpan;
  event: Record<string, unknown>;
}

/**
 * Tier 2 from traces: a returned document whose normalized content (its first 64 characters,
 * or all of a shorter text) or whose id appears in the input of a model call that starts no
 * earlier than the retrieval is used by the agent. One `use` action per retrieval and asset, at the first
 * such reader (readers in start order); `event_id` = `span:<reader>:use:<n>`, n counting that
 * reader's actions.
 */
export function agentUseActions(lists: ReturnedList[], readers: Reader[], defaultsOf: (collected: CollectedSpan) => SpanDefaults): UseAction[] {
  const actions: UseAction[] = [];
  const countByReader = new Map<CollectedSpan, number>();
  for (const { retrieval, documents } of lists) {
    const after = readers.filter(({ collected }) => collected.span.startMs >= retrieval.span.startMs);
    const seen = new Set<string>();
    for (const document of documents) {
      if (seen.has(document.id)) continue;
      seen.add(document.id);
      const content = matchedContent(document);
      const reader = after.find((candidate) => isInText(document, content, candidate.text()));
      if (reader === undefined) continue;
      const { span } = reader.collected;
      const n = countByReader.get(reader.collected) ?? 0;
      countByReader.set(reader.collected, n + 1);
      actions.push({
        reader: reader.collected,
        event: {
          type: 'action',
          event_id: `span:${span.spanId}:use:${n}`,
          ts: span.startMs,
          ...defaultsOf(reader.collected),
          actor: 'agent',
          action: 'use',
          consumed_asset_id: document.id,
          source_retrieval_id: retrieval.span.spanId,
          derived: 'context-match',
        },
      });
    }
  }
  return actions;
}
