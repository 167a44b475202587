import { RETRIEVAL_ROLES } from './event-types';

/**
 * A label given in this browser (the annotate, review and agreement screens, the session
 * inspector): one record of the label journal, kept in IndexedDB the moment it is given and
 * applied to the dataset as a `label` event (docs/log-format.md). The record is versioned so that a
 * journal written by an older app can be migrated rather than lost.
 */
export const GIVEN_LABEL_VERSION = 1;

export const LABEL_KINDS = ['relevance', 'role', 'intent', 'answer_review'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

export const VERDICTS = ['correct', 'wrong', 'partial', 'unsupported'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const GRADES = [0, 1, 2, 3] as const;
export type Grade = (typeof GRADES)[number];

export { RETRIEVAL_ROLES };

interface Common {
  /** Settles a disagreement between annotators (adjudication). */
  adjudicated?: boolean;
  note?: string;
}

/** What a screen gives: the judgment, without who and when. */
export type LabelInput = Common & (
  | { kind: 'relevance'; retrieval_id: string; asset_id: string; grade: Grade }
  | { kind: 'role'; retrieval_id: string; role: string }
  | { kind: 'intent'; turn_id: string; retrieval_intent: boolean; intents: string[] }
  | { kind: 'answer_review'; target_event_id: string; verdict: Verdict }
);

/**
 * A journal record: the judgment, who gave it and when, under an id no other label has, and the
 * dataset it was given on. A label belongs to that dataset: a load applies it only when it holds
 * the label's item (`labelItem`); the other labels stay in the journal for their own logs.
 */
export type GivenLabel = LabelInput & {
  version: typeof GIVEN_LABEL_VERSION;
  event_id: string;
  annotator: string;
  /** Epoch milliseconds. */
  ts: number;
  /**
   * The dataset it was given on: `datasetIdOf` the loaded files' fingerprints (ingest/file-fingerprint.ts).
   * Absent on labels given before labels were kept per dataset (they too apply only where their item is).
   */
  dataset?: string;
};

/** What a label judges, as a loaded event names it: a retrieval, a turn, or an event (an answer). */
export type LabelItem = { kind: 'retrieval' | 'turn' | 'event'; id: string };

export function labelItem(label: LabelInput): LabelItem {
  switch (label.kind) {
    case 'relevance':
    case 'role':
      return { kind: 'retrieval', id: label.retrieval_id };
    case 'intent':
      return { kind: 'turn', id: label.turn_id };
    case 'answer_review':
      return { kind: 'event', id: label.target_event_id };
  }
}

/** The `label` event of a given label, as a log file would hold it. */
export function labelEventOf(label: GivenLabel): Record<string, unknown> {
  const { adjudicated, note, ...fields }: Partial<GivenLabel> = { ...label };
  delete fields.version;
  delete fields.dataset;
  return {
    type: 'label',
    ...fields,
    ts: new Date(label.ts).toISOString(),
    ...(adjudicated ? { adjudicated: true } : {}),
    ...(note ? { note } : {}),
  };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** A record read back from the journal, checked; null when it is not a given label of a known version. */
export function readGivenLabel(value: unknown): GivenLabel | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record.version !== GIVEN_LABEL_VERSION) return null;
  if (!isText(record.event_id) || !isText(record.annotator) || typeof record.ts !== 'number') return null;
  if (record.dataset !== undefined && !isText(record.dataset)) return null;
  const given = value as GivenLabel;
  switch (record.kind) {
    case 'relevance':
      return isText(record.retrieval_id) && isText(record.asset_id) && GRADES.includes(record.grade as Grade) ? given : null;
    case 'role':
      return isText(record.retrieval_id) && isText(record.role) ? given : null;
    case 'intent':
      return isText(record.turn_id) && typeof record.retrieval_intent === 'boolean' && Array.isArray(record.intents) ? given : null;
    case 'answer_review':
      return isText(record.target_event_id) && VERDICTS.includes(record.verdict as Verdict) ? given : null;
    default:
      return null;
  }
}

/** The `file_id` of label events given in this browser: loaded files are numbered from 1. */
export const GIVEN_LABELS_FILE_ID = 0;
