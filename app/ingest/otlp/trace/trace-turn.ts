import { textAttribute } from '../any-value';
import { spanDefaults, type SpanDefaults } from '../span-defaults';
import type { TraceTree } from './trace-tree';
import type { CollectedSpan } from './trace-types';

type Inherited = 'session_id' | 'user_id' | 'turn_id' | 'surface' | 'run_id';

/** Whether the span itself (not the trace) names its session: spanDefaults falls back to the trace id. */
const ownSession = ({ span }: CollectedSpan) =>
  textAttribute(span.attributes, 'session.id') ?? textAttribute(span.attributes, 'gen_ai.conversation.id');

/**
 * The common fields of every event of one trace (docs/log-format.md: a trace is one turn). A span's
 * own `session.id` / `gen_ai.conversation.id`, `user.id` and `rag.turn_id` / `rag.surface` /
 * `rag.run_id` (on the span or its resource) win; a field the span lacks comes from the first
 * span of the trace that has it, the roots first; `turn_id` falls back to the trace id,
 * `session_id` too. `request_id` is the trace id.
 */
export function traceDefaults(tree: TraceTree): (collected: CollectedSpan) => SpanDefaults {
  const roots = new Set(tree.roots);
  const rootFirst = [...tree.roots, ...tree.spans.filter((collected) => !roots.has(collected))];
  const own = new Map(tree.spans.map((collected) => {
    const defaults = spanDefaults(collected.span, collected.resource);
    const session = ownSession(collected);
    return [collected, { ...defaults, session_id: session }] as const;
  }));
  const inherited: Partial<Record<Inherited, string>> = {};
  for (const field of ['session_id', 'user_id', 'turn_id', 'surface', 'run_id'] as const) {
    const from = rootFirst.find((collected) => own.get(collected)?.[field] !== undefined);
    if (from !== undefined) inherited[field] = own.get(from)![field];
  }
  const cache = new Map<CollectedSpan, SpanDefaults>();
  return (collected) => {
    const cached = cache.get(collected);
    if (cached) return cached;
    const mine = own.get(collected) ?? { ...spanDefaults(collected.span, collected.resource), session_id: ownSession(collected) };
    const defaults: SpanDefaults = {
      session_id: mine.session_id ?? inherited.session_id ?? tree.traceId,
      request_id: tree.traceId,
      turn_id: mine.turn_id ?? inherited.turn_id ?? tree.traceId,
    };
    for (const field of ['user_id', 'surface', 'run_id'] as const) {
      const value = mine[field] ?? inherited[field];
      if (value !== undefined) defaults[field] = value;
    }
    cache.set(collected, defaults);
    return defaults;
  };
}
