import { sliceParam } from './compare';
import { choice, text, type Param } from './param';
import { screenUrl } from './screen-url';

export const QUEUE_KINDS = ['relevance', 'role', 'intent'] as const;
/** The queues of the screen: one per label kind, and the pool of a comparison (slices `a` and `b`). */
export const ANNOTATE_QUEUES = [...QUEUE_KINDS, 'pool'] as const;
/** Which items a queue holds: unlabeled ones, disagreements, items only one annotator labeled, or a stratified sample. */
export const QUEUE_PICKS = ['unlabeled', 'disagreement', 'single', 'sample'] as const;
export const QUEUE_STRATA = ['role', 'surface', 'category'] as const;

export const DEFAULT_SAMPLE_SIZE = 50;

/** A sample size: a whole number from 1 to 10,000; anything else reads as the default. */
const sampleSize = (name: string): Param<number> => ({
  names: [name],
  read: (params) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value >= 1 && value <= 10_000 ? value : DEFAULT_SAMPLE_SIZE;
  },
  write: (value) => (value === DEFAULT_SAMPLE_SIZE ? [] : [[name, String(value)]]),
});

/**
 * Annotate: the queue (kind, which items, the sample's strata, seed and size) and the item open in
 * it; the pool queue carries its comparison as Compare does (`a_retriever=…&b_retriever=…`), or
 * its what-if (`what_if=rrf:20`: A the logged lists, B the pipeline's).
 */
export const annotateUrl = screenUrl('annotate', {
  queue: choice('queue', ANNOTATE_QUEUES, 'relevance'),
  a: sliceParam('a'),
  b: sliceParam('b'),
  whatIf: text('what_if'),
  pick: choice('pick', QUEUE_PICKS, 'unlabeled'),
  by: choice('by', QUEUE_STRATA, 'role'),
  seed: text('seed'),
  size: sampleSize('size'),
  item: text('item'),
});

export type AnnotateView = ReturnType<typeof annotateUrl.read>;
