import type { GivenLabel } from '../../schema/given-label';
import { itemKey, type LabelItem } from './item-key';

/** A label given in this tab that a later label of the same annotator on the same item, given in another tab, replaced. */
export interface ReplacedLabel {
  mine: GivenLabel;
  winner: GivenLabel;
}

/** One annotator's vote on one item of one kind (docs/metrics.md "Resolution": an annotator's latest label counts). */
function labelSlot(label: GivenLabel): string {
  const item: LabelItem = label.kind === 'relevance' ? { kind: 'relevance', retrieval_id: label.retrieval_id, asset_id: label.asset_id }
    : { kind: label.kind, id: label.kind === 'role' ? label.retrieval_id : label.kind === 'intent' ? label.turn_id : label.target_event_id };
  return [label.kind, label.annotator, itemKey(item)].join('\u001f');
}

function labelValue(label: GivenLabel): string {
  switch (label.kind) {
    case 'relevance': return String(label.grade);
    case 'role': return label.role;
    case 'intent': return `${label.retrieval_intent}\u001f${[...label.intents].sort().join(',')}`;
    case 'answer_review': return label.verdict;
  }
}

/** The journal's order: the later label is the one with the later time, then the larger id. */
const later = (a: GivenLabel, b: GivenLabel) => a.ts > b.ts || (a.ts === b.ts && a.event_id > b.event_id);

/**
 * The labels given in this tab (`givenInTab`, ids) that the journal's latest label on the same
 * slot now overrides with another value, given in another tab: the user is told which one counts.
 */
export function labelsReplacedElsewhere(journal: readonly GivenLabel[], givenInTab: ReadonlySet<string>): ReplacedLabel[] {
  if (givenInTab.size === 0) return [];
  const latest = new Map<string, GivenLabel>();
  for (const label of journal) {
    const slot = labelSlot(label);
    const current = latest.get(slot);
    if (!current || later(label, current)) latest.set(slot, label);
  }
  const replaced: ReplacedLabel[] = [];
  const seen = new Set<string>();
  // The newest of this tab's labels per slot is the one the user last saw; older ones were replaced by the user.
  for (const mine of [...journal].reverse()) {
    if (!givenInTab.has(mine.event_id)) continue;
    const slot = labelSlot(mine);
    if (seen.has(slot)) continue;
    seen.add(slot);
    const winner = latest.get(slot)!;
    if (winner.event_id !== mine.event_id && !givenInTab.has(winner.event_id) && labelValue(winner) !== labelValue(mine)) replaced.push({ mine, winner });
  }
  return replaced.reverse();
}

/** What the user reads of one replaced label. */
export function replacedLabelText({ mine, winner }: ReplacedLabel): string {
  return `Your ${describe(mine)} was replaced by ${valueText(winner)}, given later in another tab: ${winner.annotator}'s latest label counts.`;
}

function describe(label: GivenLabel): string {
  switch (label.kind) {
    case 'relevance': return `grade ${label.grade} of ${label.asset_id} in ${label.retrieval_id}`;
    case 'role': return `role "${label.role}" of ${label.retrieval_id}`;
    case 'intent': return `intent label of turn ${label.turn_id} (${intentText(label)})`;
    case 'answer_review': return `verdict "${label.verdict}" on answer ${label.target_event_id}`;
  }
}

function valueText(label: GivenLabel): string {
  switch (label.kind) {
    case 'relevance': return `grade ${label.grade}`;
    case 'role': return `"${label.role}"`;
    case 'intent': return intentText(label);
    case 'answer_review': return `"${label.verdict}"`;
  }
}

function intentText(label: Extract<GivenLabel, { kind: 'intent' }>): string {
  if (!label.retrieval_intent) return 'no retrieval intent';
  return label.intents.length > 0 ? `retrieval intent: ${label.intents.join(', ')}` : 'retrieval intent';
}
