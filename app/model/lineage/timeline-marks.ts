import { isCompletion, matchesActionRule } from '../metrics/action-rules';
import type { RankedList } from './ranks';
import { bypassedRetrievals, isNegativeAction, isSourceless, maskedKind, orfSignalLabels, shortTime } from './node-text';
import type { LineageActionRow, LineageRetrievalRow, ReferenceWarningRow } from './rows';

export type MarkTone = 'bad' | 'warn' | 'good' | 'info';

/** A flag on a timeline event: what the inspector noticed about it, with the rule that fired. */
export interface TimelineMark {
  kind: 'masked' | 'orf' | 'tier1' | 're_search_of' | 'empty' | 'inherited' | 'cross_session' | 'completion' | 'orphan' | 'correction' | 'gate' | 'rephrase';
  label: string;
  tone: MarkTone;
  detail: string;
}

export interface MarkContext {
  retrievals: Map<string, LineageRetrievalRow>;
  lists: Map<string, RankedList>;
  /** Event id → the action's lineage row. */
  lineage: Map<string, LineageActionRow>;
  warnings: Map<number, ReferenceWarningRow[]>;
}

type MarkedEvent = { type: string; seq: number; event_id: string | null } & Record<string, unknown>;

const ORF_DETAIL: Record<string, string> = {
  complaint: 'a user complained about or rejected what this retrieval supplied',
  'down-vote': 'a thumbs-down names this retrieval',
  're-searched': 'a later retrieval searched again for the same need (its rewrite_of names this one)',
  'agent bypass': "the agent used an asset this retrieval did not return, with no source, in the retrieval's request",
};

export function retrievalMarks(row: LineageRetrievalRow): TimelineMark[] {
  const marks: TimelineMark[] = [];
  const masked = maskedKind(row);
  if (masked) {
    const what = masked === 'consumed' ? 'the bad result was used anyway' : 'nothing was done with it';
    marks.push({ kind: 'masked', label: `masked retrieval failure (${masked})`, tone: 'bad', detail: `Tier 1 bad and no ORF signal: ${what}` });
  } else if (row.tier1_bad) {
    marks.push({ kind: 'tier1', label: 'Tier 1 bad', tone: 'warn', detail: 'judged: empty, P@1 = 0 or nDCG@k below the threshold' });
  }
  for (const signal of orfSignalLabels(row)) marks.push({ kind: 'orf', label: `ORF: ${signal}`, tone: 'warn', detail: ORF_DETAIL[signal] ?? signal });
  // a failed retrieval (docs/log-format.md `error`; its body says why) is never an empty result
  if (row.error == null && row.returned_asset_ids?.length === 0) marks.push({ kind: 'empty', label: 'empty result', tone: 'warn', detail: 'returned_asset_ids is empty' });
  if (row.rewrite_of) marks.push({ kind: 're_search_of', label: `re-search of ${row.rewrite_of}`, tone: 'info', detail: 'rewrite_of: searches again for the need of an earlier retrieval' });
  return marks;
}

export function actionMarks(action: LineageActionRow, context: MarkContext): TimelineMark[] {
  const marks: TimelineMark[] = [];
  const source = action.effective_source_retrieval_id;
  const sourceRow = source === null ? undefined : context.retrievals.get(source);
  if (source !== null && !sourceRow) {
    marks.push({ kind: 'orphan', label: 'orphan reference', tone: 'bad', detail: `its source ${source} names no loaded retrieval` });
  }
  if (isNegativeAction(action)) marks.push({ kind: 'orf', label: `ORF: ${action.action}`, tone: 'warn', detail: `a user ${action.action} on what ${source ?? 'no retrieval'} supplied` });
  if (isSourceless(action)) {
    const bypassed = bypassedRetrievals(action, context.retrievals.values(), context.lists);
    marks.push(bypassed.length
      ? { kind: 'orf', label: 'ORF: agent bypass', tone: 'warn', detail: `the agent used ${action.consumed_asset_id}, which ${bypassed.map((row) => row.retrieval_id).join(', ')} did not return` }
      : { kind: 'orphan', label: 'no source', tone: 'info', detail: 'no retrieval supplied this asset' });
  }
  if (action.inherited) {
    const place = action.inherited_from_event_id ? context.lineage.get(action.inherited_from_event_id) : undefined;
    const where = place ? ` from the place in ${place.session_id} at ${shortTime(place.ts)}` : '';
    marks.push({ kind: 'inherited', label: `inherited lineage ← ${source}`, tone: 'info', detail: `no source_retrieval_id: inherited ${source}${where}` });
  }
  if (isCompletion(action.actor, action.action) && sourceRow) {
    const cross = sourceRow.session_id !== action.session_id;
    marks.push(cross
      ? { kind: 'cross_session', label: `cross-session completion ← ${sourceRow.session_id}`, tone: 'good', detail: `its retrieval ${source} ran in session ${sourceRow.session_id}` }
      : { kind: 'completion', label: `completion ← ${source}`, tone: 'good', detail: 'attributed by lineage' });
  }
  if (matchesActionRule('downstreamEdit', action.actor, action.action)) {
    marks.push({ kind: 'correction', label: 'downstream correction', tone: 'info', detail: 'keeps the asset: not a retrieval failure (not ORF)' });
  }
  return marks;
}

/** The marks of any session event; reference warnings add an orphan mark unless lineage already gave one. */
export function eventMarks(event: MarkedEvent, context: MarkContext): TimelineMark[] {
  let marks: TimelineMark[] = [];
  const text = (name: string) => (event[name] == null ? null : String(event[name]));
  if (event.type === 'retrieval') {
    const row = context.retrievals.get(text('retrieval_id') ?? '');
    if (row) marks = retrievalMarks(row);
  } else if (event.type === 'action') {
    const row = context.lineage.get(event.event_id ?? '');
    if (row) marks = actionMarks(row, context);
  } else if (event.type === 'feedback' && event.rating === 'down') {
    const named = text('retrieval_id');
    marks.push(named
      ? { kind: 'orf', label: `ORF: down-vote on ${named}`, tone: 'warn', detail: 'a down feedback naming a retrieval' }
      : { kind: 'gate', label: 'thumbs down', tone: 'info', detail: 'names no retrieval: not a retrieval signal' });
  } else if (event.type === 'gate' && event.decision && event.decision !== 'answer') {
    marks.push({ kind: 'gate', label: `gate: ${text('decision')}`, tone: 'warn', detail: text('reason') ?? 'the gate did not answer' });
  } else if (event.type === 'prompt' && event.rewrite_of) {
    marks.push({ kind: 'rephrase', label: `rephrases ${text('rewrite_of')}`, tone: 'info', detail: 'rewrite_of: the user asked again' });
  }
  const hasOrphan = marks.some((mark) => mark.kind === 'orphan');
  for (const warning of context.warnings.get(event.seq) ?? []) {
    if (hasOrphan && warning.field === 'source_retrieval_id') continue;
    marks.push({ kind: 'orphan', label: `orphan ${warning.field}`, tone: 'bad', detail: warning.message });
  }
  return marks;
}
