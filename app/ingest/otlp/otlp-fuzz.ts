/**
 * Test-only: a seeded fuzz generator for OTLP JSON. It takes a document the real OpenTelemetry
 * JS SDK wrote (sdk-fixture.ts) and mutates it where hostile input does: a node replaced by a
 * value of another type, nested 200 deep or holding lone surrogates; a field removed; an id that
 * is no id; a span copied (a duplicate id); a parent set to a descendant (a cycle).
 */
import { mulberry32 } from '../../lib/seeded-random';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const deep = (depth: number): Json => {
  let value: Json = { stringValue: 'bottom' };
  for (let i = 0; i < depth; i++) value = { kvlistValue: { values: [{ key: 'k', value }] } };
  return value;
};

const HOSTILE_VALUES: (() => Json)[] = [
  () => null,
  () => 'text',
  () => 12,
  () => true,
  () => ({}),
  () => [],
  () => 'lone \ud800 surrogate',
  () => deep(200),
  () => ({ arrayValue: { values: [deep(150)] } }),
  () => 'zz',
  () => '0000000000000000',
];

interface Slot {
  parent: Json[] | { [key: string]: Json };
  key: number | string;
}

/** Every place in the tree a value sits, parents before children. */
function slots(root: { [key: string]: Json }): Slot[] {
  const found: Slot[] = [];
  const pending: Json[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    const entries: [number | string, Json][] = Array.isArray(node) ? [...node.entries()] : typeof node === 'object' && node !== null ? Object.entries(node) : [];
    for (const [key, child] of entries) {
      found.push({ parent: node as Slot['parent'], key });
      pending.push(child);
    }
  }
  return found;
}

function spanLists(document: { [key: string]: Json }): { [key: string]: Json }[][] {
  const lists: { [key: string]: Json }[][] = [];
  for (const slot of slots(document)) {
    const value = (slot.parent as Record<string | number, Json>)[slot.key];
    if (slot.key === 'spans' && Array.isArray(value)) lists.push(value.filter((span): span is { [key: string]: Json } => typeof span === 'object' && span !== null && !Array.isArray(span)));
  }
  return lists;
}

const pick = <T>(random: () => number, list: T[]): T => list[Math.floor(random() * list.length)];

type Mutation = (document: { [key: string]: Json }, random: () => number) => void;

const MUTATIONS: Mutation[] = [
  // a node replaced by a hostile value
  (document, random) => {
    const all = slots(document);
    if (all.length === 0) return;
    const slot = pick(random, all);
    (slot.parent as Record<string | number, Json>)[slot.key] = pick(random, HOSTILE_VALUES)();
  },
  // a field removed
  (document, random) => {
    const objects = slots(document).filter((slot) => !Array.isArray(slot.parent));
    if (objects.length === 0) return;
    const slot = pick(random, objects);
    delete (slot.parent as Record<string, Json>)[slot.key];
  },
  // a span copied into its list: the same span id twice
  (document, random) => {
    const lists = spanLists(document).filter((list) => list.length > 0);
    if (lists.length === 0) return;
    const list = pick(random, lists);
    list.push(structuredClone(pick(random, list)));
  },
  // a parent set to another span of the document: often a cycle
  (document, random) => {
    const spans = spanLists(document).flat();
    if (spans.length < 2) return;
    pick(random, spans).parentSpanId = pick(random, spans).spanId ?? null;
  },
  // an id that is no id
  (document, random) => {
    const spans = spanLists(document).flat();
    if (spans.length === 0) return;
    pick(random, spans)[pick(random, ['traceId', 'spanId', 'parentSpanId'])] = pick(random, ['xyz', 'EEE19B7EC3C1B17', '5b8efff798038103d269b633813fc60c', '']);
  },
];

/** The document with 1–4 mutations; the same seed gives the same document. */
export function mutateDocument(document: unknown, seed: number): { [key: string]: Json } {
  const random = mulberry32(seed);
  const copy = structuredClone(document) as { [key: string]: Json };
  const count = 1 + Math.floor(random() * 4);
  for (let i = 0; i < count; i++) pick(random, MUTATIONS)(copy, random);
  return copy;
}
