import type { ReactNode } from 'react';
import type { DriftMention } from '../../model/drift/entities';
import { describeOwners } from '../../model/drift/retrieval-flags';

/** The query text with each drifting entity name in a <mark>, titled with whose entity it is. */
export function MarkedQuery({ query, mentions }: { query: string; mentions: DriftMention[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const mention of mentions) {
    if (mention.start < at) continue;
    parts.push(query.slice(at, mention.start));
    parts.push(<mark key={mention.start} className="drift-term" title={`Entity drift: ${describeOwners(mention.owners)}`}>{query.slice(mention.start, mention.end)}</mark>);
    at = mention.end;
  }
  parts.push(query.slice(at));
  return <span className="query-text">{parts}</span>;
}
