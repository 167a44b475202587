/**
 * Entity names for `entity_drift`: the `entities` of questions and sub-questions, and capitalised
 * names in question text. A name is compared case-insensitively, on word boundaries, without a
 * leading article ("Harbor Ledger" names "The Harbor Ledger").
 */

/** Capitalised words that start a question or join a clause, not names. */
const NOT_NAMES = new Set([
  'a', 'an', 'and', 'are', 'at', 'by', 'did', 'do', 'does', 'for', 'from', 'how', 'i', 'in', 'is', 'of', 'on', 'or',
  'to', 'was', 'were', 'what', 'when', 'where', 'which', 'who', 'whom', 'whose', 'why', 'with',
]);

const NAME_RUN = /[\p{Lu}][\p{L}\p{N}'’.-]*(?:\s+(?:&\s+)?[\p{Lu}][\p{L}\p{N}'’.-]*)*/gu;

/** Multi-word capitalised names, and single capitalised words that do not start a sentence. */
export function capitalisedNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(NAME_RUN)) {
    const words = match[0].replace(/[.'’]s?$/u, '').split(/\s+/);
    const atSentenceStart = /(^|[.!?:]\s*)$/.test(text.slice(0, match.index));
    let dropped = 0;
    while (words.length && NOT_NAMES.has(words[0].toLowerCase())) {
      words.shift();
      dropped += 1;
    }
    if (words.length === 0) continue;
    if (words.length === 1 && atSentenceStart && dropped === 0) continue;
    const name = words.join(' ');
    if (name.replace(/^the\s+/i, '').length >= 3) names.push(name);
  }
  return names;
}

/** The comparison form of a name: lower case, single spaces, no leading "the". */
export const normalizeEntity = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ').replace(/^the /, '');

export interface Mention {
  /** The name as declared. */
  entity: string;
  start: number;
  end: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `query` names each of `names` (optionally preceded by "the"), left to right. */
export function findMentions(query: string, names: Iterable<string>): Mention[] {
  const mentions: Mention[] = [];
  for (const entity of names) {
    const normalized = normalizeEntity(entity);
    if (!normalized) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${normalized.split(' ').map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}])`, 'giu');
    for (const match of query.matchAll(pattern)) mentions.push({ entity, start: match.index, end: match.index + match[0].length });
  }
  return mentions.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Which questions each known entity name belongs to, keyed by its normalized form. */
export class EntityCatalog {
  private readonly owners = new Map<string, { name: string; questions: Set<string> }>();

  add(name: string, questionId: string): void {
    const key = normalizeEntity(name);
    if (!key) return;
    const entry = this.owners.get(key) ?? { name, questions: new Set<string>() };
    entry.questions.add(questionId);
    this.owners.set(key, entry);
  }

  names(): string[] {
    return [...this.owners.values()].map((entry) => entry.name);
  }

  ownersOf(name: string): string[] {
    return [...(this.owners.get(normalizeEntity(name))?.questions ?? [])].sort();
  }
}

/** A name in a query that belongs to other questions only. */
export interface DriftMention extends Mention {
  /** The questions the name belongs to. */
  owners: string[];
}

/**
 * The mentions in `query` of catalog names outside `own` (normalized names of the question and
 * its sub-questions). A mention inside a mention of an own name is not drift ("Vale" in "Edmund Vale").
 */
export function driftMentions(query: string, catalog: EntityCatalog, own: ReadonlySet<string>): DriftMention[] {
  const ownMentions = findMentions(query, own);
  return findMentions(query, catalog.names())
    .filter((mention) => !own.has(normalizeEntity(mention.entity)) && !ownMentions.some((o) => o.start <= mention.start && mention.end <= o.end))
    .map((mention) => ({ ...mention, owners: catalog.ownersOf(mention.entity) }));
}
