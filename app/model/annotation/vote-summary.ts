import { formatTimestamp } from '../../lib/format';
import { itemVotes, labelValue, type ItemLabelRow } from './item-labels';

/** One vote as a screen lists it: who, what, when. */
export interface VotePart {
  who: string;
  value: string;
  ts: number | null;
  mine: boolean;
}

/** What an item's labels come to, for the compact line beside it ("li: 3 · zhou: 1 · adjudicated: 2 by lead"). */
export interface VoteSummary {
  /** Each annotator's latest vote (a label without annotator is a vote of its own), by name. */
  votes: VotePart[];
  adjudication: VotePart | null;
  disagreement: boolean;
  /** The current annotator's latest label, adjudicated or not; null when they gave none. */
  mine: ItemLabelRow | null;
  /** The compact line. */
  line: string;
  /** Every label of the item in label order, one line each, with when and where it came from (a tooltip). */
  history: string;
}

/** A label's value as text: a grade, a role, "yes (find, edit)" / "no" for an intent, a verdict. */
export function shownValue(label: ItemLabelRow): string {
  if (label.kind === 'intent') {
    const intents = label.intents?.length ? ` (${label.intents.join(', ')})` : '';
    return `${label.retrieval_intent ? 'yes' : 'no'}${intents}`;
  }
  return labelValue(label) ?? '—';
}

const part = (label: ItemLabelRow, annotator: string | null): VotePart => ({
  who: label.annotator ?? 'unnamed', value: shownValue(label), ts: label.ts, mine: annotator !== null && label.annotator === annotator,
});

const origin = (label: ItemLabelRow) => (label.given_here ? 'given here' : (label.file ?? 'a file'));

/** The labels of one item (one kind and key, in label order), summarized for `annotator` (null: nobody named). */
export function summarizeVotes(labels: ItemLabelRow[], annotator: string | null): VoteSummary {
  const { byAnnotator, adjudication, disagreement } = itemVotes(labels);
  const unnamed = labels.filter((label) => !label.adjudicated && label.annotator === null);
  const votes = [...byAnnotator, ...unnamed].map((label) => part(label, annotator));
  const adjudicated = adjudication ? part(adjudication, annotator) : null;
  const own = annotator === null ? undefined : labels.findLast((label) => label.annotator === annotator);
  const line = [
    ...votes.map((vote) => `${vote.who}: ${vote.value}`),
    ...(adjudicated ? [`adjudicated: ${adjudicated.value} by ${adjudicated.who}`] : []),
  ].join(' · ');
  const history = labels
    .map((label) => [
      `${label.annotator ?? 'unnamed'}${label.adjudicated ? ' (adjudicating)' : ''}: ${shownValue(label)}`,
      label.ts === null ? 'no time' : formatTimestamp(label.ts),
      origin(label),
      ...(label.note ? [`“${label.note}”`] : []),
    ].join(' · '))
    .join('\n');
  return { votes, adjudication: adjudicated, disagreement, mine: own ?? null, line, history };
}
